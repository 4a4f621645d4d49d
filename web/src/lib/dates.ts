import { TZDateMini, type TZDate as TZDateType } from '@date-fns/tz';

// TZDateMini is TZDate without its own string formatting (tzName): writing dates is Intl's job here.
const TZDate = TZDateMini;
type TZDate = TZDateType;
import { formatInZone, viewerZone } from './format-date';

/**
 * Dates for the whole SPA, with IANA time zones (@date-fns/tz's TZDate). Calendar days are days in
 * a zone (the viewer's unless a caller names one), never UTC midnights, so "today" and the day a
 * post falls on do not shift with the offset. Writing a date is Intl's job (format-date.ts):
 * pages that only show dates import that module and download no date library.
 */

export { formatDate, formatDateTime, viewerZone } from './format-date';

/** How days travel in addresses: /calendar/2026-03-05/month/calendar. */
const ROUTE_DATE = 'yyyy-MM-dd';

/** The start of today in `zone`. */
export function today(zone = viewerZone()): TZDate {
  const now = TZDate.tz(zone);
  return new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), zone);
}

/** A TZDate's own zone; a plain Date is the viewer's (undefined: Intl's default). */
const zoneOf = (date: Date) => (date instanceof TZDate ? date.timeZone : undefined);

/** A date-fns pattern, e.g. 'MMMM yyyy' for a month title, in the date's own zone. */
export const formatAs = (date: Date, pattern: string) => formatInZone(date, pattern, zoneOf(date));

export const toRouteDate = (date: Date) => formatInZone(date, ROUTE_DATE, zoneOf(date));

/** A day from an address; an invalid or missing one is today (spec 01 §2). */
export function parseRouteDate(value: string | undefined, zone = viewerZone()): TZDate {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (match) {
    const day = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), zone);
    // 2026-02-30 would roll over to 2 March: only a date that reads back the same is one.
    if (toRouteDate(day) === value) return day;
  }
  return today(zone);
}

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Spec 01 §9 "Week start": the locale's first weekday (0 = Sunday), Monday where the browser cannot tell. */
export function localeWeekStart(language = typeof navigator === 'undefined' ? 'en-GB' : navigator.language): Weekday {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return (info.firstDay % 7) as Weekday;
  } catch {
    // An unknown language tag: the default below.
  }
  return 1;
}

/*
 * Day arithmetic for the month and week grids, on days (midnight) in the date's own zone. TZDate
 * does the zone work: `new TZDate(y, m, d, zone)` is that wall-clock day in that zone, and a day
 * past a month's end rolls over as Date's does. These replace date-fns' addDays, startOfWeek,
 * eachDayOfInterval and the rest for the two grids (1 kB less on their pages); the unit test
 * checks them against date-fns over every day of several years in zones with and without DST.
 */

/** The day (y, m, d) in `like`'s zone: a TZDate's own, the viewer's for a plain Date. */
const dayLike = (like: Date, year: number, month: number, day: number): Date =>
  like instanceof TZDate ? new TZDate(year, month, day, like.timeZone) : new Date(year, month, day);

const startOfDay = (date: Date) => dayLike(date, date.getFullYear(), date.getMonth(), date.getDate());

export const addDays = (date: Date, days: number) =>
  dayLike(date, date.getFullYear(), date.getMonth(), date.getDate() + days);

export const startOfMonth = (date: Date) => dayLike(date, date.getFullYear(), date.getMonth(), 1);

/** The last day of the date's month (its start, not 23:59). */
export const endOfMonth = (date: Date) => dayLike(date, date.getFullYear(), date.getMonth() + 1, 0);

/** The same day `months` later, or that month's last day when it is shorter (31 Jan + 1 = 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const first = dayLike(date, date.getFullYear(), date.getMonth() + months, 1);
  return dayLike(date, first.getFullYear(), first.getMonth(), Math.min(date.getDate(), endOfMonth(first).getDate()));
}

export const startOfWeek = (date: Date, weekStartsOn: Weekday) =>
  addDays(date, -((date.getDay() - weekStartsOn + 7) % 7));

/** The last day of the date's week (its start, not 23:59). */
export const endOfWeek = (date: Date, weekStartsOn: Weekday) => addDays(startOfWeek(date, weekStartsOn), 6);

/** Every day from `start`'s to `end`'s, both included. */
export function eachDay(start: Date, end: Date): Date[] {
  const days: Date[] = [];
  for (let day = startOfDay(start); day.getTime() <= end.getTime(); day = addDays(day, 1)) days.push(day);
  return days;
}

export const isSameMonth = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();

export const isSameDay = (a: Date, b: Date) => isSameMonth(a, b) && a.getDate() === b.getDate();
