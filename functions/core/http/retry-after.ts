/**
 * RFC 9110 §10.2.3: a Retry-After header is a number of seconds or an HTTP date. The one parser
 * of it, for every outside service we call (the AI provider, the platforms, WordPress sites):
 * the wait it asks for in milliseconds, or undefined when it is absent or unreadable.
 */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The Retry-After, in seconds, of a 429 from a rate limit (functions/core/accounts/rate-limit.ts):
 * the end of the limit's current window, the earliest a retry can count for less.
 */
export const untilWindowEnds = (windowSeconds: number, nowMs = Date.now()) =>
  Math.max(1, Math.ceil(windowSeconds - ((nowMs / 1000) % windowSeconds)));
