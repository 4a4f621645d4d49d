import { describe, expect, it } from 'vitest';
import { localParts } from '@shared/calendar-time';
import { DEFAULT_SLOTS, slotInstants } from '@shared/queue-slots';
import { QUEUE_PLATFORMS, queueSettingsInputSchema, queueMessages } from '@shared/schemas/queue';
import { defaultQueueSettings } from '@shared/queue-slots';

const none = () => [[], [], [], [], [], [], []] as string[][];
const local = (dates: Date[], zone: string) => dates.map((d) => Object.values(localParts(d, zone)).join(' '));

describe('queue slots as instants', () => {
  it('keep their wall time across a daylight-saving change (Lisbon, 28 March 2027)', () => {
    const week = none();
    week[6] = ['09:00']; // Saturdays
    week[1] = ['09:00']; // Mondays
    const slots = slotInstants(
      week,
      'Europe/Lisbon',
      new Date('2027-03-20T00:00:00Z'),
      new Date('2027-04-01T00:00:00Z'),
    );
    expect(slots.map((s) => s.toISOString())).toEqual([
      '2027-03-20T09:00:00.000Z',
      '2027-03-22T09:00:00.000Z',
      '2027-03-27T09:00:00.000Z',
      // Summer time: 09:00 in Lisbon is 08:00 UTC.
      '2027-03-29T08:00:00.000Z',
    ]);
    expect(new Set(local(slots, 'Europe/Lisbon').map((s) => s.slice(11)))).toEqual(new Set(['09:00']));
  });

  it('move a slot in the skipped hour forward by the gap, and give a repeated hour once', () => {
    const week = none();
    week[0] = ['01:30', '02:30', '03:30'];
    const spring = slotInstants(
      week,
      'America/New_York',
      new Date('2027-03-13T12:00:00Z'),
      new Date('2027-03-15T00:00:00Z'),
    );
    // 02:30 does not happen on 14 March: it becomes 03:30, which is one slot with the 03:30 slot.
    expect(local(spring, 'America/New_York')).toEqual(['2027-03-14 01:30', '2027-03-14 03:30']);
    const autumn = slotInstants(
      week,
      'America/New_York',
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-02T00:00:00Z'),
    );
    expect(local(autumn, 'America/New_York')).toEqual(['2026-11-01 01:30', '2026-11-01 02:30', '2026-11-01 03:30']);
  });

  it('start after the instant given, in zones ahead of and behind UTC', () => {
    const week = Array.from({ length: 7 }, () => ['00:30', '23:30']);
    const from = new Date('2026-12-02T10:00:00Z');
    const until = new Date('2026-12-03T10:00:00Z');
    expect(local(slotInstants(week, 'Pacific/Kiritimati', from, until), 'Pacific/Kiritimati')).toEqual([
      '2026-12-03 00:30',
      '2026-12-03 23:30',
    ]);
    expect(local(slotInstants(week, 'Pacific/Pago_Pago', from, until), 'Pacific/Pago_Pago')).toEqual([
      '2026-12-01 23:30',
      '2026-12-02 00:30',
    ]);
  });

  it('defaults exist for every queue platform and pass the settings rules', () => {
    for (const platform of QUEUE_PLATFORMS) expect(DEFAULT_SLOTS[platform].flat().length).toBeGreaterThan(0);
    expect(queueSettingsInputSchema.safeParse(defaultQueueSettings('Europe/Berlin')).success).toBe(true);
    const repeated = defaultQueueSettings('UTC');
    repeated.slots.facebook[1] = ['09:00', '09:00'];
    const parsed = queueSettingsInputSchema.safeParse(repeated);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([queueMessages.repeatedSlot]);
    expect(queueSettingsInputSchema.safeParse({ ...defaultQueueSettings('Mars/Olympus') }).success).toBe(false);
  });
});
