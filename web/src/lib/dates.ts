import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * Dates for the whole SPA, on date-fns with IANA time zones (@date-fns/tz). Calendar days are
 * days in a zone (the viewer's unless a caller names one), never UTC midnights, so "today" and
 * the day a post falls on do not shift with the offset.
 */

/**
 * Spec 01 §9 "Dates": en-GB, day, short month, 2-digit year, e.g. 5 Mar 26. The pattern fixes
 * the British order; the month and weekday names are the same English ones date-fns formats
 * with by default, so the en-GB locale module (and its parsers) stays out of the bundle.
 */
export const DATE_FORMAT = 'd MMM yy';
/** How days travel in addresses: /calendar/2026-03-05/month/calendar. */
const ROUTE_DATE = 'yyyy-MM-dd';

/** The viewer's IANA zone, e.g. Europe/Lisbon. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The start of today in `zone`. */
export function today(zone = viewerZone()): TZDate {
  const now = TZDate.tz(zone);
  return new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), zone);
}

/** A date as the spec shows it: 5 Mar 26. */
export const formatDate = (date: Date | string | number, zone = viewerZone()) =>
  format(new TZDate(new Date(date).getTime(), zone), DATE_FORMAT);

/** A date with its time of day, in `zone`: 5 Mar 26, 14:05:09. */
export const formatDateTime = (date: Date | string | number, zone = viewerZone()) =>
  format(new TZDate(new Date(date).getTime(), zone), `${DATE_FORMAT}, HH:mm:ss`);

/** Any date-fns pattern, e.g. 'MMMM yyyy' for a month title. */
export const formatAs = (date: Date, pattern: string) => format(date, pattern);

export const toRouteDate = (date: Date) => format(date, ROUTE_DATE);

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
