/**
 * A failure worth trying again later (rate limit, server error, connection refused), raised once
 * the adapter's own retries are spent. The name is what the job workflow's Retry matches
 * (`TransientError`, see infra/workflows/run-job.asl.json); core cannot import the workers'
 * class, so the AI port carries its own with the same name.
 */
export class AiTransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

/** The model answered, but not with what was asked (schema, rules, refusal): retrying later will not help. */
export class AiReplyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiReplyError';
  }
}
