import { DUPLICATE_WINDOW_MS, isDuplicateCopy, type CopyAt } from '@shared/duplicate-copy';
import type { PostItem } from '../posts/post-entity';
import { postsBetween } from '../posts/post-store';

/** The posts a new one may repeat: on their way to the platform or already there. */
const COMMITTED = new Set<PostItem['status']>(['scheduled', 'in-progress', 'published']);

const copyAt = (post: PostItem): CopyAt => ({ platform: post.platform, content: post.content, at: post.date });

/**
 * The company's scheduled (and publishing, and published) posts that could repeat copy at any
 * of `instants`: those within a week either side. One range query on the calendar's index.
 */
export async function committedPostsAround(companyId: number, instants: readonly string[]): Promise<PostItem[]> {
  const times = instants.map((at) => Date.parse(at)).filter((t) => Number.isFinite(t));
  if (!times.length) return [];
  const start = new Date(Math.min(...times) - DUPLICATE_WINDOW_MS);
  const end = new Date(Math.max(...times) + DUPLICATE_WINDOW_MS);
  return (await postsBetween(companyId, start, end)).filter((post) => COMMITTED.has(post.status));
}

/** The nearest committed post that `candidate` repeats, other than the post itself. */
export function repeatedPost(candidate: CopyAt, committed: readonly PostItem[], selfId?: number): PostItem | undefined {
  let nearest: PostItem | undefined;
  for (const post of committed) {
    if (post.id === selfId || !isDuplicateCopy(candidate, copyAt(post))) continue;
    const distance = Math.abs(Date.parse(post.date) - Date.parse(candidate.at));
    if (!nearest || distance < Math.abs(Date.parse(nearest.date) - Date.parse(candidate.at))) nearest = post;
  }
  return nearest;
}

export interface DuplicateFlag {
  id: number;
  platform: PostItem['platform'];
  /** The committed post whose copy it repeats. */
  duplicateOf: number;
}

/**
 * The calendar's warning: each post in [start, end) that is not published yet and repeats a
 * committed post of the same platform within a week (two scheduled posts with the same copy
 * flag each other). A warning only: nothing refuses the post.
 */
export async function duplicatesBetween(companyId: number, start: Date, end: Date): Promise<DuplicateFlag[]> {
  const around = await postsBetween(
    companyId,
    new Date(start.getTime() - DUPLICATE_WINDOW_MS),
    new Date(end.getTime() + DUPLICATE_WINDOW_MS),
  );
  const committed = around.filter((post) => COMMITTED.has(post.status));
  const flags: DuplicateFlag[] = [];
  for (const post of around) {
    const at = Date.parse(post.date);
    if (at < start.getTime() || at >= end.getTime()) continue;
    if (post.status !== 'draft' && post.status !== 'scheduled' && post.status !== 'failed') continue;
    const repeated = repeatedPost(copyAt(post), committed, post.id);
    if (repeated) flags.push({ id: post.id, platform: post.platform, duplicateOf: repeated.id });
  }
  return flags;
}
