/** The second hop of load-calendar-dialogs.ts: a chunk of its own whose only code is this import. */
export const calendarDialogs = () => import('./calendar-dialogs');
