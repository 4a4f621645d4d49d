import { eachDay, endOfMonth, endOfWeek, localeWeekStart, startOfMonth, startOfWeek, toRouteDate } from '@/lib/dates';

export type CalendarType = 'month' | 'week';
export type CalendarView = 'calendar' | 'list';

/**
 * The days a screen shows: a month grid runs from the week of the 1st to the week of the last
 * day; a week is seven days from the locale's first weekday; the list is the month only
 * (spec 01 §2: the list view is limited to the current month).
 */
export function visibleDays(date: Date, type: CalendarType, view: CalendarView): Date[] {
  const weekStartsOn = localeWeekStart();
  if (view === 'list') return eachDay(startOfMonth(date), endOfMonth(date));
  if (type === 'week') return eachDay(startOfWeek(date, weekStartsOn), endOfWeek(date, weekStartsOn));
  return eachDay(startOfWeek(startOfMonth(date), weekStartsOn), endOfWeek(endOfMonth(date), weekStartsOn));
}

export const calendarPath = (date: Date, type: CalendarType, view: CalendarView) =>
  `/calendar/${toRouteDate(date)}/${type}/${view}`;
