import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * Imports and posts are table items (the check reads posts for duplicates and the subscription
 * for the paid plan; undo deletes posts and their schedules); the import itself runs in the
 * run-job worker, which fetches the media and writes the posts.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  workflows: ['run-job'],
  // Undo deletes scheduled posts, and with them their one-time schedules.
  schedules: true,
});
