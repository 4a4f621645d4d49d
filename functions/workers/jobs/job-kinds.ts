/**
 * What each long-running job kind does. Areas register their kinds (marketing plan, keywords,
 * post generation...) here; the run-job worker looks them up by name.
 */
export type JobRunner = (input: unknown) => Promise<unknown>;

const kinds = new Map<string, JobRunner>();

export function registerJobKind(kind: string, run: JobRunner) {
  kinds.set(kind, run);
}

export function jobKind(kind: string): JobRunner | undefined {
  return kinds.get(kind);
}

/** A failure the job's caller should see as a 4xx with this message, not a generic failure. */
export class JobUserError extends Error {
  constructor(message: string, readonly statusCode: 400 | 404 | 409 | 422 = 400) {
    super(message);
    this.name = 'JobUserError';
  }
}

/** A failure worth retrying (rate limit, connection refused): the workflow's Retry matches the name. */
export class TransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientError';
  }
}
