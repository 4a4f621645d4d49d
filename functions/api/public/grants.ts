import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The public API reads and writes what the calendar, media library, reports and audit do
 * (posts, their schedules and Publish Now, signed links to library files); its keys, webhooks
 * and deliveries are table items. Webhook secrets are sealed with the token key and opened by
 * the delivery job (run-job), which Send test and Redeliver start at once.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  workflows: ['run-job', 'publish-post'],
  schedules: true,
  media: { read: true, prefix: 'companies/' },
  tokenKey: ['encrypt'],
});
