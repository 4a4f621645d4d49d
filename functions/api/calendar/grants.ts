import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * Posts, their id counter and the subscription (the paid-plan gate) are table items; the media
 * library's file items are read and marked used in the table too. The audit ideas read what the
 * latest website audit stored in the bucket (its issue lists and crawled pages), never writing there.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  // AI generation (POST /api/calendar/generate, /generate/blog) runs as a job in the run-job worker;
  // Publish Now starts publish-post.
  workflows: ['run-job', 'publish-post'],
  // A scheduled post has a one-time schedule that starts publish-post when it is due.
  schedules: true,
  // An edit after approval puts the post back in review and mails its approvers (approvals/).
  mail: true,
  media: { read: true, prefix: 'companies/' },
});
