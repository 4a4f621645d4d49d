import { describe, expect, it } from 'vitest';
import { localParts } from '@shared/calendar-time';
import { generateBlogsSchema, generatePostsSchema } from '@shared/schemas/calendar-generate';
import { slotInstant, spreadDays } from '../../functions/core/calendar/generation';
import { addDays, checkGenerationWindow, eachDay } from '../../functions/core/calendar/generation-window';

/** The pure pieces of AI generation on the server: the window in the client's zone, the form's sentences, draft slots. */

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
    expect(localParts(slotInstant('2026-03-30', 0, 'Europe/Lisbon', now) ?? now, 'Europe/Lisbon')).toEqual({
      day: '2026-03-30',
      time: '09:00',
    });
    expect(localParts(slotInstant('2026-03-30', 1, 'Europe/Lisbon', now) ?? now, 'Europe/Lisbon').time).toBe('12:00');
  });
  it('today after the slot: a later hour the same day, not the past', () => {
    const now = new Date('2026-03-30T10:20:00Z'); // 11:20 in Lisbon (summer time)
    const at = slotInstant('2026-03-30', 0, 'Europe/Lisbon', now);
    expect(at?.getTime()).toBeGreaterThan(now.getTime());
    expect(localParts(at ?? now, 'Europe/Lisbon').day).toBe('2026-03-30');
  });
  it('today with no hour left: no draft that day rather than one in the past', () => {
    const now = new Date('2026-03-30T22:40:00Z'); // 23:40 in Lisbon
    for (const slot of [0, 1, 2, 3]) expect(slotInstant('2026-03-30', slot, 'Europe/Lisbon', now)).toBeUndefined();
    expect(slotInstant('2026-03-31', 0, 'Europe/Lisbon', now)?.getTime()).toBeGreaterThan(now.getTime());
  });
  it('blogs spread evenly from the first day', () => {
    const days = eachDay('2026-03-01', '2026-03-14');
    expect(spreadDays(days, 2)).toEqual(['2026-03-01', '2026-03-08']);
    expect(spreadDays(days, 1)).toEqual(['2026-03-01']);
  });
});
