import { isBlogPlatform, PLATFORM_LABELS } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PlatformMark } from '@/components/platform-mark';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDate, viewerZone } from '@/lib/dates';
import { MayOrNotice } from '@/components/may-or-notice';
import { useMay } from '@/api/companies/permissions';
import { localParts } from '@shared/calendar-time';
import { usePostWithSiblings } from '@/api/posts/post-calls';
import { loadPostExtras } from './load-post-extras';
import { PostEditor, type MediaPickerSlot } from './post-editor';
import '../posts.css';

const PostExtras = lazy(() => loadPostExtras().then((m) => ({ default: m.PostExtras })));
// Shown only once the plan is known not to publish: it comes with the extras, not the editor.
const PlanWarning = lazy(() => loadPostExtras().then((m) => ({ default: m.PlanWarning })));

/** The plan warning where it stands, above the editor: nothing while it loads. */
const LazyPlanWarning = () => (
  <Suspense fallback={null}>
    <PlanWarning />
  </Suspense>
);

const STATUS_TONE = {
  draft: 'neutral',
  scheduled: 'accent',
  'in-progress': 'warning',
  published: 'success',
  failed: 'danger',
} as const;

function BackLink({ post, zone }: { post?: Post; zone: string }) {
  const to = post ? `/calendar/${localParts(post.date, zone).day}/month/calendar` : '/calendar';
  return (
    <Link to={to} className="back-link">
      <ArrowLeft size={14} aria-hidden /> Back to Calendar
    </Link>
  );
}

/** The sibling platform switcher: the group's posts, this one marked. */
function SiblingSwitcher({ post, siblings }: { post: Post; siblings: Post[] }) {
  const group = [post, ...siblings].sort((a, b) => a.id - b.id);
  if (group.length < 2) return null;
  return (
    <nav className="siblings" aria-label="Platforms of this post">
      {group.map((p) => (
        <Link
          key={p.id}
          to={`${p.platform === 'wordpress' || p.platform === 'custom-blog' ? '/blog' : '/post'}/${p.id}`}
          className={['siblings__item', p.id === post.id ? 'siblings__item--current' : ''].join(' ')}
          aria-current={p.id === post.id ? 'page' : undefined}
        >
          <PlatformMark platform={p.platform} />
          <span aria-hidden>{PLATFORM_LABELS[p.platform]}</span>
          {p.error ? <span className="siblings__dot" role="img" aria-label={`Problem: ${p.error}`} /> : null}
        </Link>
      ))}
    </nav>
  );
}

/** /post/create and /blog/create. */
export function CreatePostPage({ kind, mediaPicker }: { kind: 'social' | 'blog'; mediaPicker: MediaPickerSlot }) {
  const zone = viewerZone();
  return (
    <div className="page">
      <PageHeader
        title={kind === 'blog' ? 'New blog post' : 'New social media post'}
        eyebrow={<BackLink zone={zone} />}
      />
      <MayOrNotice permission="content" title="Writing posts is for admins and managers">
        <LazyPlanWarning />
        <PostEditor kind={kind} zone={zone} mediaPicker={mediaPicker} />
      </MayOrNotice>
    </div>
  );
}

/**
 * /post/{id} and /blog/{id}: the title is the post's date plus its platform. A role that may not
 * change content reads the post (and still decides a review it was asked for, in the extras).
 */
export function EditPostPage({ kind, mediaPicker }: { kind: 'social' | 'blog'; mediaPicker: MediaPickerSlot }) {
  const zone = viewerZone();
  const mayEdit = useMay('content');
  const id = Number(useParams().id);
  const query = usePostWithSiblings(Number.isInteger(id) ? id : 0);
  if (!Number.isInteger(id) || id <= 0 || isApiError(query.error, 404) || isApiError(query.error, 422)) {
    return (
      <div className="page">
        <PageHeader
          title={kind === 'blog' ? 'Blog post not found' : 'Post not found'}
          eyebrow={<BackLink zone={zone} />}
        />
        <Alert type="error">This post does not exist or was deleted.</Alert>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="page">
        <PageHeader title="Post" eyebrow={<BackLink zone={zone} />} />
        <Alert type="error">{errorMessage(query.error)}</Alert>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="page">
        <Spinner label="Loading post" />
      </div>
    );
  }
  const { post, siblings } = query.data;
  // A social post's id under /blog/ (or a blog post's under /post/) opens the editor it belongs to.
  const belongs = isBlogPlatform(post.platform) ? 'blog' : 'social';
  if (belongs !== kind) return <Navigate to={`/${belongs === 'blog' ? 'blog' : 'post'}/${post.id}`} replace />;
  return (
    <div className="page">
      <PageHeader
        title={
          <span className="post-title">
            <PlatformMark platform={post.platform} size="md" />
            {formatDate(post.date, zone)} · {PLATFORM_LABELS[post.platform]}
          </span>
        }
        description={
          <span className="post-title__meta">
            <Badge tone={STATUS_TONE[post.status]}>{post.status.toUpperCase()}</Badge>
            {post.status === 'published' && post.permalink ? (
              <a href={post.permalink} target="_blank" rel="noreferrer">
                View on {PLATFORM_LABELS[post.platform]}
              </a>
            ) : null}
          </span>
        }
        eyebrow={<BackLink post={post} zone={zone} />}
        actions={<SiblingSwitcher post={post} siblings={siblings} />}
      />
      {mayEdit ? <LazyPlanWarning /> : null}
      <PostEditor
        key={`${post.id}-${post.version}`}
        kind={kind}
        post={post}
        zone={zone}
        mediaPicker={mediaPicker}
        readOnly={!mayEdit}
      />
      <Suspense fallback={null}>
        <PostExtras post={post} />
      </Suspense>
    </div>
  );
}
