import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The setting, review links and posts (their approval, in versioned puts and one transaction)
 * are table items; mails go through SES; a reviewer sees the post's files through presigned
 * GETs of the media bucket.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  media: { read: true, prefix: 'companies/' },
  mail: true,
});
