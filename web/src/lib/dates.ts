import { TZDate } from '@date-fns/tz';
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
