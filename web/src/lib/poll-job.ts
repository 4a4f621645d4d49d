import { LRP_POLL_INTERVAL_MS } from '@shared/constants';
import { lrpContracts } from '@shared/contracts/lrp';
import { messages } from '@shared/messages';
import type { Schema } from '@shared/contract';
import { safeParse, type output } from 'zod/v4/core';
import { ContractMismatchError, isApiError, send, UserFacingError } from './api-client';

/** The spec's sentence for a job that is gone or crashed (spec 01 §4 "Long-running operations"). */
export class JobFailedError extends UserFacingError {
  constructor() {
    super(messages.jobFailed);
    this.name = 'JobFailedError';
  }
}

/** What one look at GET /api/lrp/{uuid} can tell. */
type JobCheck<T> = { state: 'running'; step?: string } | { state: 'done'; result: T };

/**
 * One poll through the API client. 202: still running. 200: the result, parsed with the job
 * kind's schema. 404 (unknown, expired, another company's) and 5xx (the job crashed): the
 * spec's generic sentence. Any other status is the job's own user error, whose message the
 * user must see, so it is thrown as the ApiError it is.
 */
async function checkJob<S extends Schema>(uuid: string, result: S, signal?: AbortSignal): Promise<JobCheck<output<S>>> {
  let answer;
  try {
    answer = await send(lrpContracts.poll, { params: { uuid }, signal });
  } catch (error) {
    if (isApiError(error, 404) || (isApiError(error) && error.status >= 500)) throw new JobFailedError();
    throw error;
  }
  if (answer.status === 202) return { state: 'running', step: answer.body.step };
  const parsed = safeParse(result, answer.body);
  if (parsed.success) return { state: 'done', result: parsed.data };
  const mismatch = new ContractMismatchError(
    `GET ${lrpContracts.poll.path}`,
    200,
    parsed.error.issues.map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`),
  );
  console.error(mismatch);
  throw mismatch;
}

export interface PollJobOptions {
  intervalMs?: number;
  signal?: AbortSignal;
  /** Told the step a running job names at each poll (spec: each running job shows its step). */
  onStep?: (step: string | undefined) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** Polls a long-running job every 3 s while it answers 202, and resolves with its parsed result. */
export async function pollJob<S extends Schema>(
  uuid: string,
  result: S,
  options: PollJobOptions = {},
): Promise<output<S>> {
  const { intervalMs = LRP_POLL_INTERVAL_MS, signal, onStep } = options;
  for (;;) {
    signal?.throwIfAborted();
    const outcome = await checkJob(uuid, result, signal);
    if (outcome.state === 'done') return outcome.result;
    onStep?.(outcome.step);
    await sleep(intervalMs, signal);
  }
}
