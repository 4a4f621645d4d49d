import { TZDateMini, type TZDate as TZDateType } from '@date-fns/tz';

// TZDateMini is TZDate without its own string formatting (tzName): writing dates is Intl's job here.
const TZDate = TZDateMini;
type TZDate = TZDateType;
import { DAY, isCalendarDay, TIME } from './calendar-day';

/**
 * Calendar days and wall-clock times in an IANA zone, as UTC instants. Posts are stored as
 * instants; the client names its zone, so "9:00 on 30 March in Lisbon" is the same instant
 * before and after a daylight-saving change, and a month is its local days, not UTC ones.
 */

export { isCalendarDay, isTimeZone, isWallTime } from './calendar-day';

/** Minutes to add to UTC for local time in `zone` at `instantMs` (Lisbon in summer: 60). */
const offsetAt = (instantMs: number, zone: string) => -new TZDate(instantMs, zone).getTimezoneOffset();

/**
 * The instant of a wall-clock time in a zone, disambiguated as Temporal's 'compatible' does: a
 * time that happens twice (the hour the clocks go back) is the first one; a time that never
 * happens (the hour they go forward) moves forward by the gap, 01:30 becoming 02:30.
 */
export function zonedInstant(day: string, time: string, zone: string): Date {
  const d = DAY.exec(day);
  const t = TIME.exec(time);
  if (!d || !t || !isCalendarDay(day)) throw new RangeError(`Not a day and time: ${day} ${time}`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const before = offsetAt(wall - 86_400_000, zone);
  const after = offsetAt(wall + 86_400_000, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - offsetAt(instant, zone) * 60_000 === instant)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * 60_000);
}

/** The first instant of a local day (midnight, or the first minute after a gap at midnight). */
export const dayStart = (day: string, zone: string): Date => zonedInstant(day, '00:00', zone);

/** The day after, as 'yyyy-MM-dd'. */
export function nextDay(day: string): string {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1)).toISOString().slice(0, 10);
}

/** Local days `from` to `to`, both included, as the UTC instants [start, end). */
export function dayRange(from: string, to: string, zone: string): { start: Date; end: Date } {
  return { start: dayStart(from, zone), end: dayStart(nextDay(to), zone) };
}

/** An instant as its local day and wall time in `zone`: { day: '2026-03-30', time: '09:00' }. */
export function localParts(instant: Date | string, zone: string): { day: string; time: string } {
  const local = new TZDate(new Date(instant).getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}
