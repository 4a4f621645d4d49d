import type { IncomingHttpHeaders } from 'node:http';
import type { SocialPlatform } from '@shared/schemas/integrations';
import { FetchRefusedError, safeFetch } from '../net';
import { platformError, type PlatformError } from './platform-error';

/** A platform answered with an error status: the client module turns it into a PlatformError. */
export interface PlatformFailureAnswer {
  status: number;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface PlatformRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

export interface PlatformHttpOptions {
  platform: SocialPlatform;
  timeoutMs: number;
  /** The platform's documented error shapes → a sentence the user can act on. */
  classify: (answer: PlatformFailureAnswer) => PlatformError;
}

export interface PlatformAnswer<T> {
  body: T;
  headers: IncomingHttpHeaders;
}

/**
 * One JSON call to a platform API through the safe fetcher (its base URL is configuration; the
 * embedded runtime's sandbox is a loopback host opened by FETCH_ALLOW). Timeouts and refused
 * connections become "not answering"; error statuses go to the platform's own classifier.
 */
export async function platformCall<T>(
  url: URL,
  request: PlatformRequest,
  options: PlatformHttpOptions,
): Promise<PlatformAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  let text: string;
  let status: number;
  let answerHeaders: IncomingHttpHeaders;
  try {
    const res = await safeFetch(url, {
      method: request.method ?? 'GET',
      headers,
      body,
      timeoutMs: options.timeoutMs,
      followRedirects: false,
      maxBytes: 1024 * 1024,
    });
    status = res.status;
    answerHeaders = res.headers;
    text = await res.text();
  } catch (error) {
    if (error instanceof FetchRefusedError) throw platformError.unavailable(options.platform, error.reason);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    if (status >= 500) throw platformError.unavailable(options.platform, `HTTP ${status}`);
    throw platformError.rejected(options.platform, `HTTP ${status}: not JSON`);
  }
  if (status < 200 || status >= 300) throw options.classify({ status, body: parsed, headers: answerHeaders });
  return { body: parsed as T, headers: answerHeaders };
}

/** Seconds from a Retry-After header (seconds or an HTTP date), else the fallback. */
export function retryAfterSeconds(headers: IncomingHttpHeaders, fallback: number, now = Date.now()): number {
  const raw: string | string[] | undefined = headers['retry-after'];
  const value: string | undefined = typeof raw === 'string' ? raw : raw?.[0];
  if (!value) return fallback;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? fallback : Math.max(0, Math.round((date - now) / 1000));
}
