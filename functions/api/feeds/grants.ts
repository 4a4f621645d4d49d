import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * Feeds and their seen entries are table items. Adding a feed reads it (the safe fetcher, no AWS
 * permission) and arms its first poll; removing one deletes its schedule; "Check now" starts the
 * poll in the run-job worker, which writes the drafts.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  workflows: ['run-job'],
  schedules: true,
});
