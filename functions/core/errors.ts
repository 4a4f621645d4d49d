import type { FieldError } from '@shared/schemas/errors';
import { messages } from '@shared/messages';

/**
 * What went wrong, in the domain's words. Stores, domain code and handlers throw these; only
 * the error responder (`http/middleware/error-responder.ts`) knows which HTTP status each kind
 * becomes (all 4xx but a crashed job's 500). Anything else reaching it is a bug: logged with its stack, answered as a bare 500.
 */
export type ErrorKind =
  | 'bad-request'
  | 'unauthenticated'
  | 'upgrade-required'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'invalid'
  | 'rate-limited'
  /** A long-running job crashed: a 500 whose message is the spec's sentence for it. */
  | 'job-failed';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldError[],
    /** A machine-readable reason where the UI reacts to one (EMAIL_NOT_VERIFIED, UPGRADE_REQUIRED). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * A failure worth trying again later (a rate limit, a server error, a refused connection), once
 * any retries of the caller's own are spent: the workflows' Retry matches its name. One class
 * for every area (jobs, the AI port, integrations, onboarding).
 */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

export const badRequest = (message: string) => new DomainError('bad-request', message);
export const unauthorized = (message: string = messages.unauthorized, code?: string) =>
  new DomainError('unauthenticated', message, undefined, code);
export const forbidden = (message: string = messages.forbidden, code?: string) =>
  new DomainError('forbidden', message, undefined, code);
export const notFound = (message: string = messages.notFound) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooManyRequests = (message: string = messages.tooManyRequests) => new DomainError('rate-limited', message);
/** The paid-plan gate: a 402 the web answers with the upgrade prompt (a 403 means "removed"). */
const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';
export const upgradeRequired = () =>
  new DomainError('upgrade-required', messages.upgradeRequired, undefined, UPGRADE_REQUIRED);
/** One field's 422, for rules checked after parsing (a taken email, a wrong current password). */
export const fieldError = (path: string, message: string) => new DomainError('invalid', message, [{ path, message }]);
/** A 422 without a field: the input is well-formed but cannot be accepted as a whole. */
export const invalid = (message: string, errors?: FieldError[]) => new DomainError('invalid', message, errors);
