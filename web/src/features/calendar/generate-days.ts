/**
 * Day arithmetic for the Generate... date picker on 'yyyy-MM-dd' strings: calendar days need no
 * zone once "today" is known, so this needs no date library (the dialog stays small).
 */

const asUtc = (day: string) => new Date(`${day}T12:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => {
  const date = asUtc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return toDay(date);
};

/** Today in the viewer's zone, as the server computes it for the 45-day window. */
export const todayIn = (zone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

export const addMonths = (month: string, n: number) => {
  const date = asUtc(month);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + n);
  return toDay(date);
};

/** The month's weeks from the locale's first weekday (0 Sunday … 6 Saturday); null pads the edges. */
export function monthWeeks(month: string, weekStartsOn: number): (string | null)[][] {
  const first = asUtc(month);
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const last = addDays(addMonths(month, 1), -1);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = month; day <= last; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** Names of the seven weekdays from the first, short ('Mon'). */
export const weekdayNames = (weekStartsOn: number, locale?: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
      // 2023-01-01 was a Sunday.
      asUtc(addDays('2023-01-01', (weekStartsOn + i) % 7)),
    ),
  );

export const dayLabel = (day: string, options: Intl.DateTimeFormatOptions, locale?: string) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(asUtc(day));

/**
 * Spec 01 §4 "Date range selection": the first click sets the start, the second the end; a click
 * earlier than the start (or any click once both are set) starts again from that day.
 */
export function pickDay(range: { from?: string; to?: string }, day: string): { from?: string; to?: string } {
  if (!range.from || range.to || day < range.from) return { from: day };
  return { from: range.from, to: day };
}
