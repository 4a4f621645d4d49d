import { CONNECTION_LABELS, isSocialPlatform, type ConnectedPlatform } from '@shared/schemas/integrations';
import { DomainError } from '../errors';

/**
 * What went wrong at a connected platform (a social platform, a WordPress site, Google), for
 * the user who has to act on it:
 * - expired: the token or password is dead (expired, revoked, password changed): reconnect;
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
function retryWhen(seconds: number): string {
  if (seconds < 90) return 'in a minute';
  if (seconds < 3600) return `in ${Math.ceil(seconds / 60)} minutes`;
  if (seconds < 2 * 3600) return 'in about an hour';
  if (seconds < 24 * 3600) return `in ${Math.round(seconds / 3600)} hours`;
  return 'tomorrow';
}

const label = (p: ConnectedPlatform) => CONNECTION_LABELS[p];

export const platformSentences = {
  expired: (p: ConnectedPlatform) =>
    `Your ${label(p)} connection has expired. Reconnect ${label(p)} from the apps page.`,
  /** Social platforms' calls are retried by us (publishing, refresh), so the sentence says when. */
  rateLimited: (p: ConnectedPlatform, retryAfterSeconds: number) =>
    isSocialPlatform(p)
      ? `${label(p)} is limiting requests right now. We will try again ${retryWhen(retryAfterSeconds)}.`
      : `${label(p)} is limiting requests right now. Please try again ${retryWhen(retryAfterSeconds)}.`,
  permission: (p: ConnectedPlatform, permission: string) =>
    `${label(p)} did not give us the ${permission} permission. Connect again and allow it.`,
  unavailable: (p: ConnectedPlatform) => `${label(p)} is not answering right now. Please try again in a few minutes.`,
  rejected: (p: ConnectedPlatform) => `${label(p)} refused the request. Please connect again.`,
  malformed: (p: ConnectedPlatform) =>
    `${label(p)} answered in a way we did not expect. Please try again in a few minutes.`,
};

/** The one error of every connected platform's calls; the publishing workflow treats them all alike. */
export class PlatformError extends DomainError {
  constructor(
    readonly platform: ConnectedPlatform,
    readonly failure: PlatformFailure,
    message: string,
    /** The platform's own words and codes, for the log only (never a token or password). */
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

/**
 * The platform refused a text it already holds from this author (LinkedIn's DUPLICATE_POST). For
 * the user, a text to change; for a run whose last outcome is unknown, likely its own post made
 * before the answer was lost, which it looks up rather than failing.
 */
export class DuplicatePostError extends PlatformError {
  constructor(
    platform: ConnectedPlatform,
    message: string,
    detail?: string,
    /** The id of the post the platform holds with this text, when its answer names it. */
    readonly existingId?: string,
  ) {
    super(platform, 'rejected', message, detail);
    this.name = 'DuplicatePostError';
  }
}

export const platformError = {
  expired: (p: ConnectedPlatform, detail?: string) =>
    new PlatformError(p, 'expired', platformSentences.expired(p), detail),
  rateLimited: (p: ConnectedPlatform, retryAfterSeconds: number, detail?: string) =>
    new PlatformError(
      p,
      'rate-limited',
      platformSentences.rateLimited(p, retryAfterSeconds),
      detail,
      retryAfterSeconds,
    ),
  permission: (p: ConnectedPlatform, permission: string, detail?: string) =>
    new PlatformError(p, 'permission', platformSentences.permission(p, permission), detail),
  unavailable: (p: ConnectedPlatform, detail?: string) =>
    new PlatformError(p, 'unavailable', platformSentences.unavailable(p), detail),
  rejected: (p: ConnectedPlatform, detail?: string) =>
    new PlatformError(p, 'rejected', platformSentences.rejected(p), detail),
  /**
   * A success whose body is not the documented shape: the platform changed, or answered for
   * something else. Counted as an outage (transient): a create answered this way may have
   * happened, so publishing looks the post up before it tries again, as after a 5xx.
   */
  malformed: (p: ConnectedPlatform, detail?: string) =>
    new PlatformError(p, 'unavailable', platformSentences.malformed(p), detail),
};
