/** The second hop of load-post-extras.ts: a chunk of its own whose only code is this import. */
export const postExtras = () => import('./post-extras');
