import { dayRange, localParts } from '@shared/calendar-time';
import { POST_SUCCESS_STATUSES, type PostSuccessRow } from '@shared/schemas/post-success';
import { postsBetween } from '../posts/post-store';

const counted = new Set<string>(POST_SUCCESS_STATUSES);

/**
 * Spec 01 §8 "Post-success report": the company's posts that went out or failed on the local days
 * `from`..`to` in `zone`, counted per day, platform and status. A published post counts on the
 * day it went out, a failed one on the day it was due (each post's calendar date).
 */
export async function postSuccess(
  companyId: number,
  from: string,
  to: string,
  zone: string,
): Promise<PostSuccessRow[]> {
  const { start, end } = dayRange(from, to, zone);
  const counts = new Map<string, PostSuccessRow>();
  for (const post of await postsBetween(companyId, start, end)) {
    if (!counted.has(post.status)) continue;
    const date = localParts(post.date, zone).day;
    const key = `${date}#${post.platform}#${post.status}`;
    const row = counts.get(key) ?? {
      date,
      platform: post.platform,
      status: post.status as PostSuccessRow['status'],
      count: 0,
    };
    row.count += 1;
    counts.set(key, row);
  }
  return [...counts.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.platform.localeCompare(b.platform) || a.status.localeCompare(b.status),
  );
}
