import { localParts, nextDay, zonedInstant } from './calendar-time';
import { QUEUE_PLATFORMS, type QueuePlatform, type QueueSettingsInput, type WeekSlots } from './schemas/queue';

/**
 * The queue's slots as instants. A slot is a wall time on a weekday in the company's zone, so it
 * is turned into an instant day by day (zonedInstant): 09:00 stays 09:00 on both sides of a
 * daylight-saving change, a slot in the hour the clocks skip moves forward by the gap, and one in
 * the hour they repeat is the first of the two.
 */

const weekdays = (spec: Record<number, string[]>): WeekSlots =>
  Array.from({ length: 7 }, (_, day) => [...(spec[day] ?? [])]);

const WEEKDAYS = [1, 2, 3, 4, 5];
const every = (days: number[], times: string[]) => Object.fromEntries(days.map((d) => [d, times]));

/**
 * The slots a company starts with, per platform, until it sets its own or fills them from its
 * best times: the hours the platforms' published engagement studies agree on for small
 * businesses (docs/features/queue.md says which and why). 0 is Sunday.
 */
export const DEFAULT_SLOTS: Record<QueuePlatform, WeekSlots> = {
  facebook: weekdays({ ...every(WEEKDAYS, ['09:00', '13:00']), ...every([0, 6], ['11:00']) }),
  instagram: weekdays({ ...every(WEEKDAYS, ['11:00', '18:00']), ...every([0, 6], ['10:00']) }),
  threads: weekdays({ ...every(WEEKDAYS, ['08:00', '12:00', '17:00']), ...every([0, 6], ['10:00']) }),
  linkedin: weekdays({ ...every([2, 3, 4], ['08:00', '12:00']), ...every([1, 5], ['09:00']) }),
  wordpress: weekdays(every([2, 4], ['10:00'])),
};

export const defaultQueueSettings = (timeZone: string): QueueSettingsInput => ({
  timeZone,
  slots: Object.fromEntries(
    QUEUE_PLATFORMS.map((platform) => [platform, DEFAULT_SLOTS[platform].map((day) => [...day])]),
  ) as QueueSettingsInput['slots'],
});

/** The weekday (0 Sunday) of a 'yyyy-MM-dd' day, which has no zone of its own. */
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * A platform's slot instants after `after` and before `until`, soonest first. Two wall times that
 * land on one instant (a gap moving 02:30 onto 03:30's slot) are one slot.
 */
export function slotInstants(week: WeekSlots, zone: string, after: Date, until: Date): Date[] {
  const out: Date[] = [];
  const seen = new Set<number>();
  // From the local day before `after`: a zone behind UTC may still be on it.
  let day = localParts(new Date(after.getTime() - 86_400_000), zone).day;
  for (let i = 0; i < 800 && zonedInstant(day, '00:00', zone) < until; i++, day = nextDay(day)) {
    for (const time of [...(week[weekdayOf(day)] ?? [])].sort()) {
      const at = zonedInstant(day, time, zone);
      if (at <= after || at >= until || seen.has(at.getTime())) continue;
      seen.add(at.getTime());
      out.push(at);
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}
