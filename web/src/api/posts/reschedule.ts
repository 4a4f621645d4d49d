import type { Post, PostAction } from '@shared/schemas/calendar';
import { formatInZone } from '@/lib/format-date';

/**
 * Moving a post on the calendar (which posts may move: can-move.ts). A scheduled post is
 * scheduled again at its new time, with the same checks as Schedule (rules, future time, paid
 * plan); a draft or failed post keeps its state and only changes its date.
 */
export const moveAction = (post: Post): PostAction => (post.status === 'scheduled' ? 'schedule' : 'save');

const wallMinutes = (instant: Date, zone: string) => {
  const [h = 0, m = 0] = formatInZone(instant, 'HH:mm', zone).split(':').map(Number);
  return h * 60 + m;
};

/**
 * The instant on local `day` at `time` (HH:mm), or at the post's own wall time when no time is
 * given, in `zone`: whole days moved, then corrected by the clock change between them (a move
 * across a DST change keeps 09:00 at 09:00). Intl only, so the calendar needs no zone library.
 */
export function movedInstant(from: string, day: string, zone: string, time?: string): string {
  const start = new Date(from);
  const fromDay = formatInZone(start, 'yyyy-MM-dd', zone);
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000);
  const wanted = time ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) : wallMinutes(start, zone);
  let moved = new Date(start.getTime() + days * 86_400_000);
  for (let i = 0; i < 2; i++) {
    const drift = wanted - wallMinutes(moved, zone);
    if (drift === 0) break;
    moved = new Date(moved.getTime() + drift * 60_000);
  }
  return moved.toISOString();
}
