import { PLATFORM_LABELS, type SocialPlatform } from '@shared/schemas/integrations';
import { DomainError } from '../errors';

/**
 * What went wrong at a platform, for the user who has to act on it:
 * - expired: the token is dead (expired, revoked, password changed): reconnect;
 * - rate-limited: the platform refuses for a while: when we will try again;
 * - permission: the user did not grant a permission we need: which one;
 * - unavailable: a 5xx, a timeout, no answer: try again later (a refresh job retries);
 * - rejected: the platform refused the request itself (a bad code, a bug on our side).
 */
export type PlatformFailure = 'expired' | 'rate-limited' | 'permission' | 'unavailable' | 'rejected';

const CODES: Record<PlatformFailure, string> = {
  expired: 'PLATFORM_RECONNECT',
  'rate-limited': 'PLATFORM_RATE_LIMITED',
  permission: 'PLATFORM_PERMISSION',
  unavailable: 'PLATFORM_UNAVAILABLE',
  rejected: 'PLATFORM_REJECTED',
};

/** "in 3 minutes", "in about an hour", "tomorrow": when a rate-limited call will be tried again. */
export function retryWhen(seconds: number): string {
  if (seconds < 90) return 'in a minute';
  if (seconds < 3600) return `in ${Math.ceil(seconds / 60)} minutes`;
  if (seconds < 2 * 3600) return 'in about an hour';
  if (seconds < 24 * 3600) return `in ${Math.round(seconds / 3600)} hours`;
  return 'tomorrow';
}

export const platformSentences = {
  expired: (p: SocialPlatform) =>
    `Your ${PLATFORM_LABELS[p]} connection has expired. Reconnect ${PLATFORM_LABELS[p]} from the apps page.`,
  rateLimited: (p: SocialPlatform, retryAfterSeconds: number) =>
    `${PLATFORM_LABELS[p]} is limiting requests right now. We will try again ${retryWhen(retryAfterSeconds)}.`,
  permission: (p: SocialPlatform, permission: string) =>
    `${PLATFORM_LABELS[p]} did not give us the ${permission} permission. Connect again and allow it.`,
  unavailable: (p: SocialPlatform) =>
    `${PLATFORM_LABELS[p]} is not answering right now. Please try again in a few minutes.`,
  rejected: (p: SocialPlatform) => `${PLATFORM_LABELS[p]} refused the request. Please connect again.`,
};

export class PlatformError extends DomainError {
  constructor(
    readonly platform: SocialPlatform,
    readonly failure: PlatformFailure,
    message: string,
    /** The platform's own words and codes, for the log only (never a token). */
    readonly detail?: string,
    /** For rate limits: seconds until the platform should accept calls again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(
      failure === 'rate-limited' ? 'rate-limited' : failure === 'expired' ? 'conflict' : 'invalid',
      message,
      undefined,
      CODES[failure],
    );
    this.name = 'PlatformError';
  }

  /** Worth trying again later without the user: rate limits and outages. */
  get transient(): boolean {
    return this.failure === 'rate-limited' || this.failure === 'unavailable';
  }
}

export const platformError = {
  expired: (p: SocialPlatform, detail?: string) =>
    new PlatformError(p, 'expired', platformSentences.expired(p), detail),
  rateLimited: (p: SocialPlatform, retryAfterSeconds: number, detail?: string) =>
    new PlatformError(
      p,
      'rate-limited',
      platformSentences.rateLimited(p, retryAfterSeconds),
      detail,
      retryAfterSeconds,
    ),
  permission: (p: SocialPlatform, permission: string, detail?: string) =>
    new PlatformError(p, 'permission', platformSentences.permission(p, permission), detail),
  unavailable: (p: SocialPlatform, detail?: string) =>
    new PlatformError(p, 'unavailable', platformSentences.unavailable(p), detail),
  rejected: (p: SocialPlatform, detail?: string) =>
    new PlatformError(p, 'rejected', platformSentences.rejected(p), detail),
};
