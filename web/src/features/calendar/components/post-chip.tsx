import { isBlogPlatform } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PlatformMark } from '@/components/platform-mark';
import { queryKeys } from '@/lib/query-keys';

export const postPath = (post: Pick<Post, 'id' | 'platform'>) =>
  `${isBlogPlatform(post.platform) ? '/blog' : '/post'}/${post.id}`;

/** What a post says at a glance: a blog's title, else the first words of its copy. */
export const postSnippet = (post: Pick<Post, 'subject' | 'content'>) => (post.subject ?? post.content).trim();

/** How long after its time a scheduled post is still watched for its publish (the workflow runs meanwhile). */
const DUE_WATCH_MS = 5 * 60_000;
/** Posts due within this window arm a timer so the chip starts watching at their time. */
const ARM_WITHIN_MS = 15 * 60_000;

let watching = 0;
let refresh: ReturnType<typeof setInterval> | undefined;

/**
 * While any chip on screen is being published (Publish Now, in progress, or scheduled and due),
 * the calendar's posts are asked again every 3 s, once for all chips, so the chip turns
 * PUBLISHED or FAILED without a reload; nothing is polled otherwise.
 */
function useLiveWhilePublishing(post: Post) {
  const queryClient = useQueryClient();
  const at = post.status === 'scheduled' && post.scheduledAt ? Date.parse(post.scheduledAt) : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = at - Date.now();
    if (!(wait > 0 && wait < ARM_WITHIN_MS)) return;
    const timer = setTimeout(() => {
      setNow(Date.now());
    }, wait);
    return () => {
      clearTimeout(timer);
    };
  }, [at]);
  const due = at <= now && now - at < DUE_WATCH_MS;
  const live = post.status === 'in-progress' || (post.status === 'scheduled' && (post.publish || due));
  useEffect(() => {
    if (!live) return;
    if (watching++ === 0) {
      refresh = setInterval(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.company.posts });
      }, 3000);
    }
    return () => {
      if (--watching === 0) clearInterval(refresh);
    };
  }, [live, queryClient]);
  return live;
}

/**
 * One post on the month grid or in a week column: platform, local time, first words, its
 * status as a colour, and the red dot with the sentence when it breaks its rules or failed.
 */
export function PostChip({ post, time }: { post: Post; time: string }) {
  const live = useLiveWhilePublishing(post);
  return (
    <Link to={postPath(post)} className={`post-chip post-chip--${post.status}`} data-post-id={post.id}>
      <PlatformMark platform={post.platform} />
      <span className="post-chip__time">{time}</span>
      <span className="post-chip__text">{postSnippet(post) || 'Empty post'}</span>
      {post.error ? (
        <span className="post-chip__dot" role="img" aria-label={`Problem: ${post.error}`} title={post.error} />
      ) : null}
      <span className="visually-hidden">, {live ? 'publishing' : post.status}</span>
    </Link>
  );
}
