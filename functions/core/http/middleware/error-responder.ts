import { messages } from '@shared/messages';
import type { ErrorBody } from '@shared/schemas/errors';
import { DomainError, type ErrorKind } from '../../errors';
import type { HttpMiddleware } from '../event';
import { log } from '../../log';

/** The one place that knows which HTTP status each kind of domain error is. */
export const STATUS_OF: Record<ErrorKind, number> = {
  'bad-request': 400,
  unauthenticated: 401,
  'upgrade-required': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  invalid: 422,
  'rate-limited': 429,
  'job-failed': 500,
};

/**
 * Turns every thrown error into a JSON answer in the spec's shapes. Expected errors keep their
 * status and message; anything unexpected is logged with its stack and answered as a bare 500
 * that reveals nothing but the request id.
 */
export function errorResponder(): HttpMiddleware {
  return {
    onError: (request) => {
      const error = request.error as Error & { statusCode?: number; expose?: boolean };
      const requestId = request.event.state.requestId;
      let status = 500;
      let body: ErrorBody = { message: messages.unknownError, requestId };

      if (error instanceof DomainError) {
        status = STATUS_OF[error.kind];
        body = {
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.code ? { code: error.code } : {}),
          requestId,
        };
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        // Errors raised by middy itself (the router's "route does not exist").
        status = error.statusCode === 405 ? 404 : error.statusCode;
        body = { message: status === 404 ? messages.notFound : error.message, requestId };
      } else {
        log('error', 'unhandled error', { requestId, error: error.message, stack: error.stack });
      }
      // A platform's own wait (its Retry-After) is passed on, so a client may wait as long.
      const wait = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      request.response = {
        statusCode: status,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...(status === 429 && typeof wait === 'number' ? { 'retry-after': String(wait) } : {}),
        },
        body: JSON.stringify(body),
      };
    },
  };
}
