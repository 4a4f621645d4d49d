import { defineGrants } from '../../core/grants';

/**
 * The reports read, after the session and membership reads: the company (is it a demo, whose
 * figures are drawn on read), its posts by date (GSI2) for the post-success chart, and its
 * report figures per platform and day (one Query each). The figures are written by the
 * metrics-collect job (the run-job worker). A demo's Refresh report writes its new seed and
 * starts the demo-history job (the job's item, then the run-job workflow).
 */
export const grants = defineGrants({
  table: ['GetItem', 'Query', 'UpdateItem', 'PutItem'],
  workflows: ['run-job'],
});
