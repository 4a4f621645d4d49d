import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/schemas/calendar';
import { canMove } from '@/features/calendar/can-move';
import { cutText } from '@/features/calendar/components/platform-preview';
import { monthWeeks, pickDay, todayIn } from '@/features/calendar/generate-days';
import { moveAction, movedInstant } from '@/api/posts/reschedule';

/** The calendar's pure pieces in the browser: the range picker's clicks, moves across DST, which posts move, preview cuts. */

describe('the date range picker', () => {
  it('first click the start, second the end, an earlier click restarts, a click after both restarts', () => {
    let range = pickDay({}, '2026-03-10');
    expect(range).toEqual({ from: '2026-03-10' });
    range = pickDay(range, '2026-03-08');
    expect(range).toEqual({ from: '2026-03-08' });
    range = pickDay(range, '2026-03-12');
    expect(range).toEqual({ from: '2026-03-08', to: '2026-03-12' });
    expect(pickDay(range, '2026-03-20')).toEqual({ from: '2026-03-20' });
    expect(pickDay({ from: '2026-03-10' }, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });
  it('lays a month out from the locale’s first weekday', () => {
    // March 2026 starts on a Sunday.
    expect(monthWeeks('2026-03-01', 0)[0]?.[0]).toBe('2026-03-01');
    expect(monthWeeks('2026-03-01', 1)[0]?.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(monthWeeks('2026-03-01', 1).flat().filter(Boolean)).toHaveLength(31);
    expect(todayIn('Pacific/Auckland', new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
  });
});

const post = (over: Partial<Post>): Post => ({
  id: 1,
  groupId: 1,
  subject: null,
  content: 'x',
  platform: 'facebook',
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  createdAt: '',
  updatedAt: '',
  date: '2026-03-27T09:00:00.000Z',
  files: [],
  publish: false,
  error: null,
  version: 1,
  permalink: null,
  ...over,
});

describe('moving a post', () => {
  it('published, publishing and Publish Now posts stay; drafts, scheduled and failed posts move', () => {
    expect(canMove(post({ status: 'published' }))).toBe(false);
    expect(canMove(post({ status: 'in-progress' }))).toBe(false);
    expect(canMove(post({ status: 'scheduled', publish: true }))).toBe(false);
    expect(canMove(post({ status: 'scheduled' }))).toBe(true);
    expect(canMove(post({ status: 'failed' }))).toBe(true);
    expect(moveAction(post({ status: 'scheduled' }))).toBe('schedule');
    expect(moveAction(post({ status: 'draft' }))).toBe('save');
  });
  it('keeps the wall time across a DST change (Lisbon, 29 March 2026)', () => {
    // 09:00 WET on the 27th is 09:00Z; 09:00 WEST on the 30th is 08:00Z.
    expect(movedInstant('2026-03-27T09:00:00.000Z', '2026-03-30', 'Europe/Lisbon')).toBe('2026-03-30T08:00:00.000Z');
    expect(movedInstant('2026-03-30T08:00:00.000Z', '2026-03-27', 'Europe/Lisbon')).toBe('2026-03-27T09:00:00.000Z');
    expect(movedInstant('2026-03-27T09:00:00.000Z', '2026-03-28', 'Europe/Lisbon', '16:30')).toBe(
      '2026-03-28T16:30:00.000Z',
    );
    expect(movedInstant('2026-03-27T09:00:00.000Z', '2026-04-02', 'America/New_York')).toBe('2026-04-02T09:00:00.000Z');
  });
});

describe('previews', () => {
  it('cut the copy on a whole word where the app cuts it', () => {
    expect(cutText('short', 125)).toEqual({ shown: 'short', cut: false });
    const long = 'word '.repeat(40).trim();
    const { shown, cut } = cutText(long, 125);
    expect(cut).toBe(true);
    expect(shown.endsWith('word…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(126);
  });
});
