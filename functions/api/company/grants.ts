import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/** Companies, members and invites are table items; invites are mailed. */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  mail: true,
  // The overview and ideal customer jobs.
  workflows: ['run-job'],
  // Deleting a company (or resetting a demo) removes its files and its scheduled posts.
  media: { list: true, delete: true, prefix: 'companies/' },
  schedules: true,
});
