import { loadChunk } from '@/lib/load-chunk';

/**
 * Fetches the post page's on-demand parts (the approval card, the first comment) in two hops, as
 * the calendar's dialogs are (load-calendar-dialogs.ts): the page names only this small module,
 * and the chunk it fetches lists what those parts need, so the editors' first load stays within
 * its budget.
 */
export const loadPostExtras = () => loadChunk(() => import('./post-extras-trampoline').then((m) => m.postExtras()));
