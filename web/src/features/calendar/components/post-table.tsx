import { PLATFORM_LABELS } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { Link } from 'react-router-dom';
import { useLiveWhilePublishing } from '../live-while-publishing';
import { PlatformMark } from '@/components/platform-mark';
// Intl only: a post's time is shown, not computed with, so this needs no TZDate.
import { formatDate, formatInZone } from '@/lib/format-date';
import { postPath, postSnippet } from './post-chip';

const STATUS_TONE: Record<Post['status'], string> = {
  draft: 'neutral',
  scheduled: 'accent',
  'in-progress': 'warning',
  published: 'success',
  failed: 'danger',
};

/** The list view (spec 01 §2): Date, Content, Platform and Status in upper case, the month's posts only. */
export function PostTable({ posts, zone }: { posts: Post[]; zone: string }) {
  return (
    <div className="table-wrap">
      <table className="table post-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Content</th>
            <th scope="col">Platform</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {posts.length ? (
            posts.map((post) => <PostRow key={post.id} post={post} zone={zone} />)
          ) : (
            <tr>
              <td colSpan={4} className="table__empty">
                No posts created yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One row; it keeps the list live while its post is being published, as the grid's chips do. */
function PostRow({ post, zone }: { post: Post; zone: string }) {
  useLiveWhilePublishing(post);
  return (
    <tr data-post-id={post.id}>
      <td className="post-table__date">
        {formatDate(post.date, zone)}, {formatInZone(post.date, 'HH:mm', zone)}
      </td>
      <td className="post-table__content">
        <Link to={postPath(post)}>{postSnippet(post) || 'Empty post'}</Link>
        {post.error ? <p className="post-table__error">{post.error}</p> : null}
      </td>
      <td>
        <span className="post-table__platform">
          <PlatformMark platform={post.platform} /> <span aria-hidden>{PLATFORM_LABELS[post.platform]}</span>
        </span>
      </td>
      <td>
        <span className={`badge badge--${STATUS_TONE[post.status]}`}>{post.status.toUpperCase()}</span>
      </td>
    </tr>
  );
}
