import type { JobKind } from '../../core/jobs/job-kind';

/**
 * Every job kind the run-job worker runs, imported by name: adding a kind is one import and
 * one entry here, and its start route imports the same definition.
 */
export const JOB_KINDS: readonly JobKind[] = [];
