import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A worker's time is its Lambda's: when Step Functions stops waiting for a Task, Lambda stops
 * the function (their timeouts are equal, functions/workers/workers.ts). Middy aborts the
 * handler's signal this long before that, so the work ends on its own terms: an AI request is
 * cancelled, a crawl batch stops without saving, a job writes nothing more. Nothing a
 * timed-out attempt started can write beside its retry.
 */
export const TASK_END_MARGIN_MS = 3000;

const current = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` with `signal` as the task signal of everything it calls. */
export function withTaskSignal<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return current.run(signal, work);
}

/**
 * The signal of the Task this code runs in, for code deep below the worker (the AI adapter's
 * HTTP calls) that would otherwise need it threaded through every port method; undefined
 * outside a worker (an API request has its own 29 s limit).
 */
export function taskSignal(): AbortSignal | undefined {
  return current.getStore();
}
