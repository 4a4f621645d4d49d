import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { ConnectedPlatform } from '@shared/schemas/integrations';
import { retryAfterMs } from '../http/retry-after';
import { FetchRefusedError, safeFetch } from '../net';
import { platformError, type PlatformError } from './platform-error';

/** A platform's answer, any status: the client module maps error statuses to a PlatformError. */
export interface PlatformReply {
  status: number;
  /** Parsed JSON; undefined when the body is not JSON. */
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface PlatformRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Raw bytes (a media upload). */
  bytes?: Uint8Array;
  /** Redirects to follow, each hop checked again (default none: APIs answer where they are). */
  maxRedirects?: number;
}

export interface PlatformFetchOptions {
  platform: ConnectedPlatform;
  timeoutMs: number;
  /**
   * The address may be the user's own (a WordPress site) or must be refused as theirs would be:
   * a refused fetch keeps the safe fetcher's sentence ("an address inside our network...")
   * instead of becoming "not answering"; an answer too large to read is read as empty.
   */
  keepRefusals?: boolean;
}

export interface PlatformHttpOptions extends PlatformFetchOptions {
  /** The platform's documented error shapes → a sentence the user can act on. */
  classify: (answer: PlatformReply) => PlatformError;
}

export interface PlatformAnswer<T> {
  body: T;
  headers: IncomingHttpHeaders;
}

/**
 * The one way to call a connected platform: through the safe fetcher (base URLs are
 * configuration; the embedded runtime's sandbox is a loopback host opened by FETCH_ALLOW, a
 * user's WordPress site may point anywhere and is checked like any address). No answer at all
 * (a timeout, a refused connection) is "not answering" unless `keepRefusals`; any answer comes
 * back parsed for the caller's own error mapping.
 */
export async function fetchPlatform(
  url: URL,
  request: PlatformRequest,
  options: PlatformFetchOptions,
): Promise<PlatformReply> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | Uint8Array | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.bytes) body = request.bytes;
  let status: number;
  let answerHeaders: IncomingHttpHeaders;
  let text: string;
  try {
    const res = await safeFetch(url, {
      method: request.method ?? 'GET',
      headers,
      body,
      timeoutMs: options.timeoutMs,
      followRedirects: (request.maxRedirects ?? 0) > 0,
      maxRedirects: request.maxRedirects ?? 0,
      maxBytes: options.keepRefusals ? 2 * 1024 * 1024 : 1024 * 1024,
    });
    status = res.status;
    answerHeaders = res.headers;
    text = options.keepRefusals ? await res.text().catch(() => '') : await res.text();
  } catch (error) {
    if (error instanceof FetchRefusedError) {
      if (options.keepRefusals) throw error;
      throw platformError.unavailable(options.platform, error.reason);
    }
    if (options.keepRefusals) throw platformError.unavailable(options.platform, (error as Error).message);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = undefined;
  }
  return { status, body: parsed, headers: answerHeaders };
}

/**
 * A JSON call that must succeed, its answer read with `schema` (required: a platform's answer is
 * read, never trusted). An answer that is not JSON is an outage (5xx) or a refusal, an error
 * status goes to the platform's own classifier, and a success of another shape is a PlatformError
 * naming the platform (`malformed`), never a crash further on.
 */
export async function callPlatform<S extends z.core.$ZodType>(
  schema: S,
  url: URL,
  request: PlatformRequest,
  options: PlatformHttpOptions,
): Promise<PlatformAnswer<z.output<S>>> {
  const answer = await fetchPlatform(url, request, options);
  if (answer.body === undefined) {
    if (answer.status >= 500) throw platformError.unavailable(options.platform, `HTTP ${answer.status}`);
    throw platformError.rejected(options.platform, `HTTP ${answer.status}: not JSON`);
  }
  if (answer.status < 200 || answer.status >= 300) throw options.classify(answer);
  // zod's own function: the shared schemas are zod/mini's, the clients' zod's.
  const parsed = z.safeParse(schema, answer.body);
  if (!parsed.success) throw platformError.malformed(options.platform, answerProblem(url, parsed.error));
  return { body: parsed.data, headers: answer.headers };
}

/** Where an answer differs from its schema, for the log: the fields and what was wrong, never their values. */
function answerProblem(url: URL, error: z.core.$ZodError): string {
  const issues = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  return `unexpected answer from ${url.pathname}: ${issues}`;
}

/** Seconds from a Retry-After header (seconds or an HTTP date), else the fallback. */
export function retryAfterSeconds(headers: IncomingHttpHeaders, fallback: number, now = Date.now()): number {
  const raw: string | string[] | undefined = headers['retry-after'];
  const ms = retryAfterMs(typeof raw === 'string' ? raw : raw?.[0], now);
  return ms === undefined ? fallback : Math.round(ms / 1000);
}
