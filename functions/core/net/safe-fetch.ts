import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { FetchRefusedError, fetchMessages, toFetchError } from './fetch-errors';
import { acceptEncoding, CappedBody, decodeText, tooLarge } from './response-body';
import { SafeAgent, sharedSafeAgent } from './safe-agent';
import { checkTarget } from './target-policy';

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Decoded bytes the body may have (default 5 MB). */
  maxBytes?: number;
  /**
   * From the first request to the last byte read, redirects included (default 15 s, the spec's).
   * Opening a connection (DNS, TCP, TLS) has the agent's connectTimeoutMs besides.
   */
  timeoutMs?: number;
  /** Hops followed before "redirected too many times" (default 5). */
  maxRedirects?: number;
  /** false: a 3xx comes back as it is, with `location` resolved (a crawler records chains itself). */
  followRedirects?: boolean;
  /** Ask for and undo gzip, deflate and br (default true). */
  decompress?: boolean;
  /** What the too-large sentence calls the body (default 'page'). */
  resource?: 'page' | 'file';
  signal?: AbortSignal;
  /** A pool from createSafeAgent (a crawl's); the shared one otherwise. */
  dispatcher?: SafeAgent;
}

interface Redirect {
  url: string;
  status: number;
  location: string;
}

export interface SafeResponse {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The hops followed to get here, in order. */
  redirects: Redirect[];
  /** For a redirect not followed: where it points, absolute; checked only when fetched. */
  location?: string;
  /** The media type without parameters, lower case ('text/html'). */
  contentType?: string;
  /** Decoded and capped, made on first use; read the body once, by streaming it or by one of the helpers. */
  body: Readable;
  /** Reads the body chunk by chunk into `onChunk` (no extra stream stage); nothing `onChunk` holds outlives the read. */
  each(onChunk: (chunk: Buffer) => void): Promise<void>;
  buffer(): Promise<Buffer>;
  text(): Promise<string>;
  json<T = unknown>(): Promise<T>;
  /** Drops the body: call it when not reading one (an unread small body is drained for keep-alive). */
  cancel(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_REDIRECTS = 5;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin, as browsers do. */
const originBoundHeaders = ['authorization', 'cookie', 'proxy-authorization'];
const defaultHeaders = {
  'user-agent': 'Mozilla/5.0 (compatible; MarketingAutomationBot/1.0)',
  accept: '*/*',
};

/**
 * The one way server code fetches an address a user gave: every hop is checked (scheme,
 * credentials, port, address after DNS, pinned), redirects are followed by hand within a limit,
 * and time and size are capped. Anything refused or failed is a FetchRefusedError (a 422 with a
 * sentence for the user and a `reason`).
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const dispatcher = options.dispatcher ?? sharedSafeAgent();
  if (!SafeAgent.is(dispatcher)) throw new TypeError('safeFetch only dispatches through a SafeAgent');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const decompress = options.decompress ?? true;
  const resource = options.resource ?? 'page';

  let url = checkTarget(input);
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers: Record<string, string> = { ...defaultHeaders };
  if (decompress) headers['accept-encoding'] = acceptEncoding;
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  const redirects: Redirect[] = [];
  const deadline = new Deadline(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal);

  try {
    for (;;) {
      const left = deadline.left();
      const response = await dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        body,
        headersTimeout: left,
        bodyTimeout: left,
        signal: options.signal,
      });
      const location = redirectStatuses.has(response.statusCode) ? first(response.headers.location) : undefined;
      const target = location === undefined ? undefined : resolveLocation(location, url);

      if (location !== undefined && options.followRedirects !== false) {
        await response.body.dump().catch(() => {});
        if (!target) throw new FetchRefusedError('bad-response', fetchMessages.badResponse(url.hostname), url.href);
        if (redirects.length >= maxRedirects) {
          throw new FetchRefusedError('too-many-redirects', fetchMessages.tooManyRedirects, target.href);
        }
        redirects.push({ url: url.href, status: response.statusCode, location: target.href });
        const next = checkTarget(target);
        if (response.statusCode === 303 ? method !== 'HEAD' : response.statusCode <= 302 && method === 'POST') {
          method = 'GET';
          body = undefined;
          headers = withoutHeaders(headers, (name) => name.startsWith('content-'));
        }
        if (next.origin !== url.origin) headers = withoutHeaders(headers, (name) => originBoundHeaders.includes(name));
        url = next;
        continue;
      }

      const declared = Number(first(response.headers['content-length']));
      if (method !== 'HEAD' && declared > maxBytes) {
        response.body.destroy();
        throw tooLarge({ maxBytes, resource });
      }
      const finalUrl = url;
      const contentType = first(response.headers['content-type']);
      const capped = new CappedBody(response.body, first(response.headers['content-encoding']), {
        maxBytes,
        decompress,
        resource,
        expired: () => deadline.expired(),
        explain: (error) => deadline.explain(error, finalUrl),
      });
      let stream: Readable | undefined;
      return {
        url: url.href,
        status: response.statusCode,
        headers: response.headers,
        redirects,
        location: target?.href,
        contentType: contentType?.split(';')[0]?.trim().toLowerCase() || undefined,
        get body() {
          return (stream ??= capped.stream());
        },
        each: (onChunk: (chunk: Buffer) => void) => capped.consume(onChunk),
        buffer: () => capped.read(),
        text: async () => decodeText(await capped.read(), contentType),
        json: async <T>() => parseJson(decodeText(await capped.read(), contentType), finalUrl) as T,
        cancel: () => capped.cancel(),
      };
    }
  } catch (error) {
    throw deadline.explain(error, url);
  }
}

/**
 * The fetch's time budget, kept without a timer or an AbortSignal per request (a crawl makes
 * thousands a second and both cost more than the request): each hop hands the time left to
 * undici as its headers and body time-outs, and the body checks the clock on every chunk, so a
 * site that drips bytes cannot outlast the budget either.
 */
class Deadline {
  private readonly endsAt: number;

  constructor(
    timeoutMs: number,
    readonly callerSignal?: AbortSignal,
  ) {
    this.endsAt = performance.now() + timeoutMs;
  }

  /** Milliseconds left, or the timeout refusal when none are. */
  left(): number {
    const left = Math.ceil(this.endsAt - performance.now());
    if (left <= 0) throw new FetchRefusedError('timeout', fetchMessages.timeout);
    return left;
  }

  expired(): boolean {
    return performance.now() >= this.endsAt;
  }

  explain(error: unknown, url: URL): unknown {
    if (error instanceof FetchRefusedError) return error;
    if (this.callerSignal?.aborted) return this.callerSignal.reason;
    return toFetchError(error, url);
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A Location header as an absolute URL; undefined when it is not one (a broken redirect). */
function resolveLocation(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

function withoutHeaders(headers: Record<string, string>, drop: (name: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop(name)));
}

function parseJson(text: string, url: URL): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FetchRefusedError('bad-response', fetchMessages.badResponse(url.hostname), url.href, { cause: error });
  }
}
