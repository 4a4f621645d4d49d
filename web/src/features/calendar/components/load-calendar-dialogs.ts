import { loadChunk } from '@/lib/load-chunk';

/**
 * Fetches the calendar's on-demand chunk in two hops: the page's own code names only this small
 * module, and this module lists the chunks the dialogs need. Listing them in the page itself cost
 * the calendar's first load about 0.4 kB (the first-load budget).
 */
export const loadCalendarDialogs = () =>
  loadChunk(() => import('./calendar-dialogs-trampoline').then((m) => m.calendarDialogs()));
