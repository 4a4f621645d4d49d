import type { ServerResponse } from 'node:http';

/** Answer helpers shared by the sandboxes. Each returns the response, as `res.end()` does. */
export type Headers = Record<string, string>;
export type JsonAnswer = (res: ServerResponse, status: number, body: unknown, headers?: Headers) => unknown;

export const JSON_UTF8 = 'application/json; charset=utf-8';
const HTML_UTF8 = 'text/html; charset=utf-8';

/**
 * Answers that turn into a failure once the call has been carried out (a fail-next spec's
 * `after`): the first success a route answers is replaced by the failure.
 */
export type PendingFailures = WeakMap<ServerResponse, () => unknown>;

/** A JSON answer with the given content type; with `pending`, a success gives way to a pending failure. */
export function jsonAnswer(contentType: string, pending?: PendingFailures): JsonAnswer {
  return (res, status, body, headers = {}) => {
    const fail = pending?.get(res);
    if (fail && status < 300) {
      pending?.delete(res);
      return fail();
    }
    return res.writeHead(status, { 'content-type': contentType, ...headers }).end(JSON.stringify(body));
  };
}

/** JSON with `charset=utf-8`, as Meta, LinkedIn, Google and Stripe send it. */
export const json = jsonAnswer(JSON_UTF8);

export const html = (res: ServerResponse, status: number, body: string, contentType = HTML_UTF8) =>
  res.writeHead(status, { 'content-type': contentType }).end(body);

export const redirect = (res: ServerResponse, location: string) => res.writeHead(302, { location }).end();

export const noContent = (res: ServerResponse) => res.writeHead(204).end();

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Hidden form fields carrying `names` from `params` into a consent page's form. */
export const hiddenFields = (names: readonly string[], params: URLSearchParams) =>
  names.map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`).join('');

/**
 * A failure on demand (POST /__sandbox/.../fail-next): the next call under `path` fails with the
 * named failure (as the platform owning it documents it) or with the status, body and headers
 * given, after `delayMs`; with `after`, only once the call has been carried out (and a delay then
 * holds back its answer).
 */
export interface FailSpecOf<F extends string> {
  path: string;
  failure?: F;
  status?: number;
  body?: unknown;
  /** Extra answer headers for a given status and body (a 429's Retry-After). */
  headers?: Record<string, string>;
  delayMs?: number;
  /**
   * The call is carried out (the post is created) and only then answered with the failure: the
   * "500 after the platform created the post" that makes a publisher's outcome unknown.
   */
  after?: boolean;
  /**
   * Only a call whose body holds this text takes the failure (`grant_type=refresh_token`: a
   * token refresh, not another test's connect to the same token endpoint meanwhile).
   */
  bodyIncludes?: string;
  /**
   * Only a call made with a token of this account (the name typed on the consent page, Google's
   * too; at a token endpoint, the account of the code or refresh token traded in) takes the
   * failure: tests sharing one sandbox call the same paths for accounts of their own.
   */
  account?: string;
}
