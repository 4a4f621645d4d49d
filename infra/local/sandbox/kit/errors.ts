import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, jsonAnswer, type Headers } from './answers';

/** Each real API's documented error shape. */

/** Graph's (Meta and Threads): `{error: {message, type, code, error_subcode?, fbtrace_id}}`. */
export const graphError = (
  res: ServerResponse,
  status: number,
  message: string,
  code: number,
  subcode?: number,
  headers: Headers = {},
) =>
  json(
    res,
    status,
    {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
    headers,
  );

/** LinkedIn REST's: `{status, code, message, serviceErrorCode?}`. */
export const linkedinError = (
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  serviceErrorCode?: number,
) => json(res, status, { status, code, message, ...(serviceErrorCode ? { serviceErrorCode } : {}) });

/** OAuth 2.0 token endpoints' (RFC 6749 §5.2: LinkedIn, Google, WordPress.com): `{error, error_description}`. */
export const oauthErrorBody = (error: string, description: string) => ({ error, error_description: description });
export const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  json(res, status, oauthErrorBody(error, description));

/** Google APIs': `{error: {code, message, status}}`. */
export const googleApiError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } });

/** Stripe's: `{error: {type, message}}`. */
export const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
  json(res, status, { error: { type, message } });

/** WordPress REST's: `{code, message, data: {status}}`, as PHP sends JSON (`charset=UTF-8`). */
const wordpressJson = jsonAnswer('application/json; charset=UTF-8');
export const wordpressError = (
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Headers = {},
) => wordpressJson(res, status, { code, message, data: { status } }, headers);
