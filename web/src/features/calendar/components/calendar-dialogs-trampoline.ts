/** The second hop of load-calendar-dialogs.ts: a chunk of its own whose only code is this import. */
export const calendarDialogs = () => import('./calendar-dialogs');
/** The calendar's header extras (duplicate warning, the way to imports), shown once the page is. */
export const calendarExtras = () => import('./calendar-extras');
