/** Calendar date helpers: dates travel as YYYY-MM-DD in the route, in local time. */
export const toIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** An invalid or missing date falls back to today (spec 01 §2). */
export function parseRouteDate(value: string | undefined): Date {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (match) {
    const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    if (toIsoDate(date) === value) return date;
  }
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate());
}

/** The locale's first weekday (0 = Sunday), Monday where the browser cannot tell. */
export function firstWeekday(): number {
  try {
    const locale = new Intl.Locale(navigator.language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // fall through
  }
  return 1;
}

export const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

export const startOfWeek = (date: Date, weekStart: number) => addDays(date, -((date.getDay() - weekStart + 7) % 7));

export const sameDay = (a: Date, b: Date) => toIsoDate(a) === toIsoDate(b);

/** Spec 01 §9: en-GB, day, short month, 2-digit year. */
export const formatDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: '2-digit' });
