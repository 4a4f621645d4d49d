import type { IncomingHttpHeaders } from 'node:http';
import { DomainError } from '../errors';
import { FetchRefusedError, safeFetch } from '../net';

/**
 * The connected apps that are not social platforms: WordPress (self-hosted or WordPress.com),
 * the Google profile with Search Console, and Google My Business. Each has its own connection
 * item and its own routes; this module is their one way to call a remote API.
 */
export type AppName = 'wordpress' | 'google' | 'google-my-business';

export const APP_NAMES: Record<AppName, string> = {
  wordpress: 'WordPress',
  google: 'Google',
  'google-my-business': 'Google My Business',
};

/** As PlatformError: expired means reconnect, the rest say what the user can do. */
export type AppFailure = 'expired' | 'rate-limited' | 'permission' | 'unavailable' | 'rejected';

const KINDS = {
  expired: 'conflict',
  'rate-limited': 'rate-limited',
  permission: 'invalid',
  unavailable: 'invalid',
  rejected: 'invalid',
} as const;

export class AppError extends DomainError {
  constructor(
    readonly app: AppName,
    readonly failure: AppFailure,
    message: string,
    /** The remote's own words, for the log only (never a token or password). */
    readonly detail?: string,
  ) {
    super(KINDS[failure], message, undefined, failure === 'expired' ? 'PLATFORM_RECONNECT' : undefined);
    this.name = 'AppError';
  }
}

export const appSentences = {
  expired: (app: AppName) =>
    `Your ${APP_NAMES[app]} connection has expired. Reconnect ${APP_NAMES[app]} from the apps page.`,
  rateLimited: (app: AppName) => `${APP_NAMES[app]} is limiting requests right now. Please try again in a minute.`,
  unavailable: (app: AppName) => `${APP_NAMES[app]} is not answering right now. Please try again in a few minutes.`,
  rejected: (app: AppName) => `${APP_NAMES[app]} refused the request. Please connect again.`,
};

export interface AppAnswer {
  status: number;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface AppRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  /** Raw bytes (a media upload). */
  bytes?: Uint8Array;
  /** Redirects to follow, each hop checked again (default none: APIs answer where they are). */
  maxRedirects?: number;
}

/**
 * One call through the safe fetcher: every address is checked (a user's WordPress site may
 * point anywhere), refusals keep their sentence, and any answer comes back parsed for the
 * caller's own error mapping. A body that is not JSON is `undefined`.
 */
export async function appCall(url: URL, request: AppRequest, app: AppName, timeoutMs: number): Promise<AppAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | Uint8Array | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.bytes) body = request.bytes;
  let res;
  try {
    res = await safeFetch(url, {
      method: request.method ?? 'GET',
      headers,
      body,
      timeoutMs,
      followRedirects: (request.maxRedirects ?? 0) > 0,
      maxRedirects: request.maxRedirects ?? 0,
      maxBytes: 2 * 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    throw new AppError(app, 'unavailable', appSentences.unavailable(app), (error as Error).message);
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
