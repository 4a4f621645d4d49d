/**
 * Checks of days, times and zones that need no date library: the shared schemas import them from
 * here, so a page that only validates posts does not download TZDate with calendar-time.ts.
 */

export const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isTimeZone = (zone: string): boolean => {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** 'yyyy-MM-dd' that names a real day (2026-02-30 does not). */
export function isCalendarDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** 'HH:mm', 00:00 to 23:59 (spec 01 §5 "Schedule picker"). */
export const isWallTime = (time: string): boolean => TIME.test(time);
