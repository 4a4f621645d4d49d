import { isBlogPlatform } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { Link } from 'react-router-dom';
import { PlatformMark } from '@/components/platform-mark';
import { useLiveWhilePublishing } from '../live-while-publishing';

export const postPath = (post: Pick<Post, 'id' | 'platform'>) =>
  `${isBlogPlatform(post.platform) ? '/blog' : '/post'}/${post.id}`;

/** What a post says at a glance: a blog's title, else the first words of its copy. */
export const postSnippet = (post: Pick<Post, 'subject' | 'content'>) => (post.subject ?? post.content).trim();

/**
 * One post on the month grid or in a week column: platform, local time, first words, its
 * status as a colour, the red dot with the sentence when it breaks its rules or failed, and a
 * ring for its approval where the company approves posts (amber in review, green approved, red
 * changes requested; said in words to screen readers).
 */
export function PostChip({ post, time }: { post: Post; time: string }) {
  const live = useLiveWhilePublishing(post);
  return (
    <Link
      to={postPath(post)}
      className={`post-chip post-chip--${post.status}${post.approval ? ` approval--${post.approval}` : ''}`}
      data-post-id={post.id}
    >
      <PlatformMark platform={post.platform} />
      <span className="post-chip__time">{time}</span>
      <span className="post-chip__text">{postSnippet(post) || 'Empty post'}</span>
      {post.error ? (
        <span className="post-chip__dot" role="img" aria-label={`Problem: ${post.error}`} title={post.error} />
      ) : null}
      <span className="visually-hidden">
        , {live ? 'publishing' : post.status}
        {post.approval && `, ${post.approval}`}
      </span>
    </Link>
  );
}
