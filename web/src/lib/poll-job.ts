import { LRP_POLL_INTERVAL_MS } from '@shared/constants';
import { messages } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from './api-client';

/** What one look at GET /api/lrp/{uuid} can tell (spec 01 §4 "Long-running operations"). */
export type JobCheck<T> = { state: 'running' } | { state: 'gone' } | { state: 'done'; result: T };

export class JobFailedError extends Error {
  constructor() {
    super(messages.jobFailed);
    this.name = 'JobFailedError';
  }
}

export async function checkJob<T>(uuid: string, signal?: AbortSignal): Promise<JobCheck<T>> {
  const response = await fetch(`/api/lrp/${encodeURIComponent(uuid)}`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 202) return { state: 'running' };
  if (response.status === 404) return { state: 'gone' };
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  // Any answer other than 202 is the job's result; a failed job's error body is that result too.
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : messages.jobFailed;
    throw new ApiError(response.status, message, body);
  }
  return { state: 'done', result: body as T };
}

export interface PollJobOptions {
  intervalMs?: number;
  signal?: AbortSignal;
  /** Test seams. */
  check?: <T>(uuid: string, signal?: AbortSignal) => Promise<JobCheck<T>>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });

/**
 * Polls a long-running job every 3 s while it answers 202. A 404 ends polling without a result,
 * which fails with the spec's message; any other answer is the result.
 */
export async function pollJob<T>(uuid: string, options: PollJobOptions = {}): Promise<T> {
  const { intervalMs = LRP_POLL_INTERVAL_MS, signal, check = checkJob, sleep = defaultSleep } = options;
  for (;;) {
    signal?.throwIfAborted();
    const outcome = await check<T>(uuid, signal);
    if (outcome.state === 'done') return outcome.result;
    if (outcome.state === 'gone') throw new JobFailedError();
    await sleep(intervalMs, signal);
  }
}

/** React binding: `useJobPolling(uuid)` resolves when the job finishes; no uuid, no polling. */
export function useJobPolling<T>(uuid: string | undefined, options: Omit<PollJobOptions, 'signal'> = {}) {
  return useQuery({
    queryKey: ['lrp', uuid],
    queryFn: ({ signal }) => pollJob<T>(uuid as string, { ...options, signal }),
    enabled: Boolean(uuid),
    staleTime: Infinity,
    gcTime: 0,
  });
}
