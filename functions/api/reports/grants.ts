import { defineGrants } from '../../core/grants';

/**
 * The reports read, after the session and membership reads: the company's posts by date (GSI2)
 * for the post-success chart, and its report figures per platform and day (one Query each). The
 * figures are written by the metrics-collect job (the run-job worker); the one write here is a
 * demo company's 'Refresh report', a year of sample figures in batch writes.
 */
export const grants = defineGrants({
  table: ['GetItem', 'Query', 'BatchWriteItem'],
});
