import type { FieldError } from '@shared/schemas/errors';
import { messages } from '@shared/messages';

/**
 * The only error type a handler throws on purpose. Anything else reaching the error
 * middleware is a bug: it is logged with its stack and answered as a bare 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly errors?: FieldError[],
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = messages.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = messages.tooManyRequests) => new HttpError(429, message);
/** One field's 422, for rules checked after parsing (a taken email, a wrong current password). */
export const fieldError = (path: string, message: string) =>
  new HttpError(422, message, [{ path, message }]);
