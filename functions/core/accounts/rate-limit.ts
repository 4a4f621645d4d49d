import { keys } from '../table/keys';
import { tooManyRequests } from '../errors';
import { untilWindowEnds } from '../http/retry-after';
import { config } from '../config';
import { rateWindows } from './rate-window-entity';

export interface Limit {
  /** What is limited, e.g. `login-email`. */
  scope: string;
  max: number;
  windowSeconds: number;
  /** The 429's sentence, for a window much longer than a minute; the general one otherwise. */
  message?: string;
}

/**
 * A sliding window over the table's fixed windows: the attempts of the current window plus the
 * previous window's, weighted by how much of it the sliding window still covers. A burst that
 * straddles a window's end counts whole (fixed windows let it reach twice the limit), at the
 * cost of one more read. Pure, for its edges to be tested.
 */
export function slidingCount(current: number, previous: number, elapsedFraction: number): number {
  const covered = 1 - Math.min(1, Math.max(0, elapsedFraction));
  return current + previous * covered;
}

/**
 * Counts one attempt (an atomic ADD on the current window's item, expiring with the next
 * window) and throws 429 once the sliding window holds more than `max` attempts. The 429 carries
 * its Retry-After (the error responder sends it): the end of the current window, the earliest a
 * retry can count for less.
 */
export async function hit(limit: Limit, key: string, nowMs = Date.now()): Promise<void> {
  if (limit.scope.endsWith('-ip')) key = clientKey(key);
  const max = limit.scope.endsWith('-ip') ? limit.max * clientLimitScale() : limit.max;
  const seconds = nowMs / 1000 / limit.windowSeconds;
  const window = Math.floor(seconds);
  const [counted, previous] = await Promise.all([
    rateWindows.patch(keys.rateWindow(limit.scope, key, window), {
      add: { count: 1 },
      // Kept through the next window, which weighs it.
      setIfAbsent: { ttl: (window + 2) * limit.windowSeconds + 60 },
    }),
    rateWindows.get(keys.rateWindow(limit.scope, key, window - 1)),
  ]);
  const attempts = slidingCount(counted?.count ?? 0, previous?.count ?? 0, seconds - window);
  if (attempts > max)
    throw Object.assign(tooManyRequests(limit.message), {
      retryAfterSeconds: untilWindowEnds(limit.windowSeconds, nowMs),
    });
}

/**
 * Per-client limits scale with RATE_LIMIT_CLIENT_SCALE: test suites send every request from
 * 127.0.0.1, where a per-address limit would count all their users as one client.
 */
function clientLimitScale(): number {
  return config.rateLimitClientScale;
}

/**
 * The client part of a limit's key: an IPv4 address, or an IPv6 address's /64 (one host gets a
 * whole /64, so counting single IPv6 addresses would give it billions of fresh counters).
 */
function clientKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Sign-in attempts count per address *and* client: a stranger guessing from their own
 * connection stops themselves, never the owner signing in from theirs. Guessing spread over
 * many clients meets the per-client limit on each and scrypt's cost on every try.
 */
export const signInKey = (email: string, ip: string) => `${email.toLowerCase()}#${clientKey(ip)}`;

/** Limits for the endpoints that guess or spam: generous for people, tight for scripts. */
export const LIMITS = {
  loginPerEmailAndClient: { scope: 'login-email-client', max: 10, windowSeconds: 900 },
  loginPerClient: { scope: 'login-ip', max: 50, windowSeconds: 900 },
  /** Guessing the current password from a stolen session: per user, apart from sign-ins. */
  changePasswordPerUser: { scope: 'change-password-user', max: 10, windowSeconds: 900 },
  resetPerEmail: { scope: 'reset-email', max: 5, windowSeconds: 3600 },
  resetPerClient: { scope: 'reset-ip', max: 20, windowSeconds: 3600 },
  verifyMailPerEmail: { scope: 'verify-email', max: 5, windowSeconds: 3600 },
  verifyMailPerClient: { scope: 'verify-ip', max: 20, windowSeconds: 3600 },
  registerPerClient: { scope: 'register-ip', max: 30, windowSeconds: 3600 },
} satisfies Record<string, Limit>;
