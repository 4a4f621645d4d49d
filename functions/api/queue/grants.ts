import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The queue's settings, its slot claims, the posts it schedules and the subscription (the paid
 * gate) are table items. A queued post is an ordinary scheduled post: its one-time schedule is
 * armed, moved and dropped as any post's, and the edit that schedules it may mail its approvers.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  schedules: true,
  mail: true,
});
