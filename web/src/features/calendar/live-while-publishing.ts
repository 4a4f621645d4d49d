import type { Post } from '@shared/schemas/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { postKeys } from '@/api/posts/post-keys';

/** How long after its time a scheduled post is still watched for its publish (the workflow runs meanwhile). */
const DUE_WATCH_MS = 5 * 60_000;
/** Posts due within this window arm a timer so the post starts being watched at its time. */
const ARM_WITHIN_MS = 15 * 60_000;

let watching = 0;
let refresh: ReturnType<typeof setInterval> | undefined;

/**
 * While any post on screen (a grid chip or a list row) is being published (Publish Now, in
 * progress, or scheduled and due), the calendar's posts are asked again every 3 s, once for all
 * of them, so the post turns PUBLISHED or FAILED without a reload; nothing is polled otherwise.
 * Answers whether this post is on its way.
 */
export function useLiveWhilePublishing(post: Post) {
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
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
      }, 3000);
    }
    return () => {
      if (--watching === 0) clearInterval(refresh);
    };
  }, [live, queryClient]);
  return live;
}
