import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The report reads the company, its audits and its subscription; starting, stopping and
 * settings write audit items; an audit runs on the site-audit workflow; the pages behind an
 * issue are read from the audit's objects in the bucket.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  workflows: ['site-audit'],
  media: { read: true, prefix: 'companies/' },
});
