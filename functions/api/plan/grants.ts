import { defineGrants } from '../../core/grants';

/**
 * Reading the plan is one GetItem (after the session and membership reads); generating it
 * writes the job item and starts the run-job workflow, whose worker does the rest.
 */
export const grants = defineGrants({
  table: ['GetItem', 'PutItem'],
  workflows: ['run-job'],
});
