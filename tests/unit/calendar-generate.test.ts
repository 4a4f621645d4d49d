import { describe, expect, it } from 'vitest';
import { localParts } from '@shared/calendar-time';
import type { Post } from '@shared/schemas/calendar';
import { generateBlogsSchema, generatePostsSchema } from '@shared/schemas/calendar-generate';
import { slotInstant, spreadDays } from '../../functions/core/calendar/generation';
import { addDays, checkGenerationWindow, eachDay } from '../../functions/core/calendar/generation-window';
import { canMove } from '../../web/src/features/calendar/can-move';
import { cutText } from '../../web/src/features/calendar/components/platform-preview';
import { monthWeeks, pickDay, todayIn } from '../../web/src/features/calendar/generate-days';
import { moveAction, movedInstant } from '../../web/src/features/calendar/reschedule';

/** The pure pieces of AI generation, dragging and previews: windows, slots, ranges, moves across DST, cuts. */

describe('the generation window (today up to 45 days ahead, in the client zone)', () => {
  const now = new Date('2026-03-10T23:30:00Z');
  it('is the client’s own today: in Auckland it is already the 11th', () => {
    expect(() => checkGenerationWindow('2026-03-11', '2026-03-12', 'Pacific/Auckland', now)).not.toThrow();
    expect(() => checkGenerationWindow('2026-03-10', '2026-03-12', 'Pacific/Auckland', now)).toThrow(
      'Choose dates from today up to 45 days ahead.',
    );
    expect(() => checkGenerationWindow('2026-03-10', '2026-03-10', 'America/New_York', now)).not.toThrow();
  });
  it('ends on the 45th day', () => {
    expect(() => checkGenerationWindow('2026-03-10', addDays('2026-03-10', 45), 'UTC', now)).not.toThrow();
    expect(() => checkGenerationWindow('2026-03-10', addDays('2026-03-10', 46), 'UTC', now)).toThrow();
  });
  it('lists the days, both ends included, across month ends', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('the generate form schemas', () => {
  const ok = { platform: ['facebook'], from: '2026-03-10', to: '2026-03-12', zone: 'Europe/Lisbon' };
  const messageOf = (schema: typeof generatePostsSchema, body: unknown) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };
  it('answers the spec sentences', () => {
    expect(messageOf(generatePostsSchema, ok)).toBeUndefined();
    expect(messageOf(generatePostsSchema, { ...ok, platform: [] })).toBe('Please select at least 1 platform');
    expect(messageOf(generatePostsSchema, { ...ok, from: '' })).toBe('Please select date range');
    expect(messageOf(generatePostsSchema, { ...ok, to: undefined })).toBe('Please select date range');
    expect(messageOf(generateBlogsSchema, { ...ok, platform: ['wordpress'] })).toBeUndefined();
    expect(messageOf(generateBlogsSchema, ok)).toBe('Blog posts are generated for WordPress or a custom blog.');
  });
});

describe('where drafts sit', () => {
  it('each platform at its own time of day, in the zone', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(localParts(slotInstant('2026-03-30', 0, 'Europe/Lisbon', now), 'Europe/Lisbon')).toEqual({
      day: '2026-03-30',
      time: '09:00',
    });
    expect(localParts(slotInstant('2026-03-30', 1, 'Europe/Lisbon', now), 'Europe/Lisbon').time).toBe('12:00');
  });
  it('today after the slot: a later hour the same day, not the past', () => {
    const now = new Date('2026-03-30T10:20:00Z'); // 11:20 in Lisbon (summer time)
    const at = slotInstant('2026-03-30', 0, 'Europe/Lisbon', now);
    expect(at.getTime()).toBeGreaterThan(now.getTime());
    expect(localParts(at, 'Europe/Lisbon').day).toBe('2026-03-30');
  });
  it('blogs spread evenly from the first day', () => {
    const days = eachDay('2026-03-01', '2026-03-14');
    expect(spreadDays(days, 2)).toEqual(['2026-03-01', '2026-03-08']);
    expect(spreadDays(days, 1)).toEqual(['2026-03-01']);
  });
});

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
