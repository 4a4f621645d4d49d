import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/**
 * The report reads the company, its audits and its subscription; starting, stopping and
 * settings write audit items; an audit runs on the site-audit workflow; the pages behind an
 * issue are read from the audit's objects in the bucket. Keyword suggestions run as a job
 * (run-job); saving them writes the keywords item. Saving the audit schedule arms its next run.
 */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  workflows: ['site-audit', 'run-job'],
  // A guest link to the audit can be mailed.
  mail: true,
  // The audit schedule: its next run is a one-time schedule in the app's group.
  schedules: true,
  media: [
    { read: true, prefix: 'companies/' },
    // An audit's downloads (report files, sitemaps) are written under the audit's folder.
    { write: true, prefix: 'companies/*/audits/*/downloads/' },
  ],
  // The audit settings seal the site's basic-auth password; only the crawl opens it.
  tokenKey: ['encrypt'],
});
