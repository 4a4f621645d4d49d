import { defineGrants } from '../../core/grants';

/** Polling a job reads three items: the session, the job and the caller's membership. */
export const grants = defineGrants({
  table: ['GetItem'],
});
