import { defineGrants } from '../../core/grants';

/** The report reads the company's posts by date (GSI2), after the session and membership reads. */
export const grants = defineGrants({
  table: ['GetItem', 'Query'],
});
