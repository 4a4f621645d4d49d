import { retryAfterMs } from '../http/retry-after';

/**
 * Retries with exponential backoff and jitter for calls to a rate-limited API. The server's own
 * wait (retry-after-ms, retry-after, x-ratelimit-reset-*) wins over the computed one; a wait longer
 * than `maxServerWaitMs` is not slept through inside a Lambda: the call gives up and the job
 * workflow retries later.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxServerWaitMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxServerWaitMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** What a failed attempt means: retry (after the server's wait, when it gave one) or stop. */
export type AttemptVerdict = { retry: false } | { retry: true; serverWaitMs?: number };

export class RetriesExhausted extends Error {
  constructor(
    readonly attempts: number,
    readonly lastError: unknown,
    readonly reason: 'attempts' | 'server-wait',
  ) {
    super(`gave up after ${attempts} attempt(s)`, { cause: lastError });
    this.name = 'RetriesExhausted';
  }
}

/** Full jitter on the upper half: between 50% and 100% of the exponential step, capped. */
function backoffDelay(policy: RetryPolicy, retryIndex: number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(step * (0.5 + policy.random() * 0.5));
}

/**
 * Runs `attempt` until it succeeds, `classify` says stop (the error is rethrown as is), or the
 * policy runs out (RetriesExhausted wraps the last error).
 */
export async function withRetries<T>(
  attempt: (attemptIndex: number) => Promise<T>,
  classify: (error: unknown) => AttemptVerdict,
  policy: RetryPolicy = defaultRetryPolicy,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(i);
    } catch (error) {
      const verdict = classify(error);
      if (!verdict.retry) throw error;
      if (i + 1 >= policy.maxAttempts) throw new RetriesExhausted(i + 1, error, 'attempts');
      if (verdict.serverWaitMs !== undefined && verdict.serverWaitMs > policy.maxServerWaitMs) {
        throw new RetriesExhausted(i + 1, error, 'server-wait');
      }
      await policy.sleep(Math.max(verdict.serverWaitMs ?? 0, backoffDelay(policy, i)));
    }
  }
}

/** "1s", "6m0s", "20ms", "1h2m3.5s": the x-ratelimit-reset-* duration format, in ms. */
function parseResetDuration(value: string): number | undefined {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== value.trim()) return undefined;
  const unit = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 } as const;
  return Math.round(parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0));
}

/** The wait a 429/503 answer asks for, from its headers, in ms; undefined when it names none. */
export function serverWaitMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = retryAfterMs(headers.get('retry-after') ?? undefined, now);
  if (after !== undefined) return after;
  // Without retry-after, the reset of whichever limit ran out: requests or tokens.
  const resets = ['requests', 'tokens']
    .filter((kind) => headers.get(`x-ratelimit-remaining-${kind}`) === '0')
    .map((kind) => parseResetDuration(headers.get(`x-ratelimit-reset-${kind}`) ?? ''))
    .filter((v): v is number => v !== undefined);
  return resets.length ? Math.max(...resets) : undefined;
}
