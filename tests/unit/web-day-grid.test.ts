import { TZDate } from '@date-fns/tz';
import * as fns from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  eachDay,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from '@/lib/dates';

/**
 * The grids' day arithmetic (web/src/lib/dates.ts) against date-fns, which it replaced on the
 * calendar and post pages: every day of two years (2028 a leap year), in zones east and west of UTC, with and
 * without daylight saving, and Santiago, whose clocks change at midnight.
 */
const ZONES = ['UTC', 'America/New_York', 'Pacific/Auckland', 'America/Santiago'];
const WEEK_STARTS = [0, 1, 6] as const;

function* days(zone: string) {
  for (
    let day = new TZDate(2027, 0, 1, zone);
    day.getFullYear() < 2029;
    day = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + 1, zone)
  ) {
    yield day;
  }
}

/** The instant, whichever TZDate flavour wrote it (TZDate and TZDateMini print ISO strings differently). */
const iso = (date: Date) => new Date(date.getTime()).toISOString();

describe('day arithmetic for the month and week grids', () => {
  it('matches date-fns day by day', () => {
    let checked = 0;
    for (const zone of ZONES) {
      for (const day of days(zone)) {
        for (const n of [-7, -1, 1, 30])
          expect(iso(addDays(day, n)), `${zone} ${iso(day)} +${n}d`).toBe(iso(fns.startOfDay(fns.addDays(day, n))));
        for (const n of [-1, 1, 12])
          expect(iso(addMonths(day, n)), `${zone} ${iso(day)} +${n}m`).toBe(iso(fns.startOfDay(fns.addMonths(day, n))));
        expect(iso(startOfMonth(day))).toBe(iso(fns.startOfMonth(day)));
        expect(iso(endOfMonth(day))).toBe(iso(fns.startOfDay(fns.endOfMonth(day))));
        for (const weekStartsOn of WEEK_STARTS) {
          expect(iso(startOfWeek(day, weekStartsOn))).toBe(iso(fns.startOfWeek(day, { weekStartsOn })));
          expect(iso(endOfWeek(day, weekStartsOn))).toBe(iso(fns.startOfDay(fns.endOfWeek(day, { weekStartsOn }))));
        }
        checked++;
      }
    }
    expect(checked).toBe(ZONES.length * 731);
  }, 120_000);

  it('lays out the same month grids as date-fns', () => {
    for (const zone of ZONES) {
      for (
        let month = new TZDate(2027, 0, 1, zone);
        month.getFullYear() < 2029;
        month = new TZDate(month.getFullYear(), month.getMonth() + 1, 1, zone)
      ) {
        for (const weekStartsOn of WEEK_STARTS) {
          const start = startOfWeek(startOfMonth(month), weekStartsOn);
          const end = endOfWeek(endOfMonth(month), weekStartsOn);
          const expected = fns.eachDayOfInterval({
            start: fns.startOfWeek(fns.startOfMonth(month), { weekStartsOn }),
            end: fns.endOfWeek(fns.endOfMonth(month), { weekStartsOn }),
          });
          expect(eachDay(start, end).map(iso), `${zone} ${iso(month)}`).toEqual(expected.map(iso));
        }
      }
    }
  }, 60_000);

  it('compares days and months in the zone, not in UTC', () => {
    const late = new TZDate(2026, 2, 5, 23, 30, 'Pacific/Auckland');
    const midnight = new TZDate(2026, 2, 5, 'Pacific/Auckland');
    expect(isSameDay(late, midnight)).toBe(true);
    expect(isSameDay(late, addDays(midnight, 1))).toBe(false);
    expect(isSameMonth(new TZDate(2026, 2, 31, 'Pacific/Auckland'), midnight)).toBe(true);
    expect(isSameMonth(new TZDate(2026, 3, 1, 'Pacific/Auckland'), midnight)).toBe(false);
  });
});
