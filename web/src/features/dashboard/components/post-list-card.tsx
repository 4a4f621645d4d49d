import { isBlogPlatform, PLATFORM_LABELS } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PlatformMark } from '@/components/platform-mark';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
// Intl, not @/lib/dates: the dashboard only shows dates, so it downloads no TZDate.
import { formatDate, formatInZone, viewerZone } from '@/lib/format-date';
import { useDashboardPosts } from '@/api/posts/dashboard-posts';

function CalendarLink() {
  return (
    <Link to="/calendar" className="card-link">
      Open calendar <ArrowRight size={14} aria-hidden />
    </Link>
  );
}

function PostRow({ post, zone }: { post: Post; zone: string }) {
  const when = post.status === 'published' && post.publishedAt ? post.publishedAt : post.date;
  return (
    <li>
      <Link to={`${isBlogPlatform(post.platform) ? '/blog' : '/post'}/${post.id}`} className="dash-post">
        <PlatformMark platform={post.platform} size="md" />
        <span className="dash-post__text">
          <span className="dash-post__title">{(post.subject ?? post.content).trim() || 'Empty post'}</span>
          <span className="dash-post__meta">
            {PLATFORM_LABELS[post.platform]} · {formatDate(when, zone)}, {formatInZone(when, 'HH:mm', zone)}
            {post.publish && !post.scheduledAt ? ' · publishing soon' : ''}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Scheduled Content or Recently Published (spec 01 §2 "Dashboard"): real posts, each linking to its page. */
export function PostListCard({
  kind,
  title,
  empty,
  emptyText,
  icon,
}: {
  kind: 'latest' | 'recent';
  title: string;
  empty: string;
  emptyText: string;
  icon: LucideIcon;
}) {
  const zone = viewerZone();
  const posts = useDashboardPosts(kind);
  return (
    <Card title={title} actions={<CalendarLink />}>
      {posts.isPending ? (
        <Spinner label={`Loading ${title}`} />
      ) : posts.isError ? (
        <p className="field__error">{errorMessage(posts.error)}</p>
      ) : posts.data.length ? (
        <ul className="dash-posts">
          {posts.data.map((post) => (
            <PostRow key={post.id} post={post} zone={zone} />
          ))}
        </ul>
      ) : (
        <EmptyState compact icon={icon} title={empty}>
          {emptyText}
        </EmptyState>
      )}
    </Card>
  );
}
