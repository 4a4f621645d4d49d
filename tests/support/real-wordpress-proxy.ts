import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { WordPressRequestLog } from '../../infra/local/sandbox/wordpress/context';

/**
 * What a test asks of the next matching call through the proxy in front of the real WordPress:
 * the same shape as the stand-in's `POST /__sandbox/wordpress/fail-next`, so one scenario drives
 * both sites alike.
 */
export interface ProxyFailSpec {
  /** A URL path (`/wp-json/wp/v2/posts`): the call's path is it or below it. */
  path?: string;
  /** A REST route (`/wp/v2/posts`), wherever the site serves it: `/wp-json/…` or `?rest_route=…`. */
  route?: string;
  method?: string;
  /** Only calls signed in (Basic) as this login: tests sharing the site keep their failures apart. */
  user?: string;
  /**
   * As a host or WordPress answers them: `rate-limit` a 429 with Retry-After, `server-error`
   * WordPress's critical-error 500, `timeout` a gateway's 504 after `delayMs`, `disconnect` the
   * connection closed without an answer.
   */
  failure?: 'rate-limit' | 'server-error' | 'timeout' | 'disconnect';
  status?: number;
  /** An object is sent as JSON, a string as it is (a web server's HTML page). */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** The call goes through to WordPress and only its answer is replaced: an outcome the app cannot know. */
  after?: boolean;
}

/** What the proxy noted of each call: the stand-in's own log entry, so a scenario reads both sites alike. */
type ProxiedRequest = WordPressRequestLog;

export interface FaultProxy {
  port: number;
  close(): Promise<void>;
}

/** The log keeps the last calls, as the stand-in's does. */
const KEPT = 500;

const basicLogin = (req: IncomingMessage) => {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Basic ')
    ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0]
    : undefined;
};

/** The REST route a URL names: `/wp-json/wp/v2/posts` or `/?rest_route=/wp/v2/posts` (also via index.php). */
function restRouteOf(url: URL): string | undefined {
  const query = url.searchParams.get('rest_route');
  if (query !== null) return query || '/';
  if (url.pathname === '/wp-json' || url.pathname.startsWith('/wp-json/')) {
    return url.pathname.slice('/wp-json'.length) || '/';
  }
  return undefined;
}

const under = (value: string | undefined, prefix: string) =>
  value !== undefined && (value === prefix || value.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

function matches(spec: ProxyFailSpec, req: IncomingMessage, url: URL) {
  if (spec.method && spec.method.toUpperCase() !== req.method) return false;
  if (spec.user && spec.user !== basicLogin(req)) return false;
  if (spec.path && !under(url.pathname, spec.path)) return false;
  if (spec.route && !under(restRouteOf(url), spec.route)) return false;
  return true;
}

function answerFailure(req: IncomingMessage, res: ServerResponse, spec: ProxyFailSpec) {
  if (spec.failure === 'disconnect') {
    req.socket.destroy();
    return;
  }
  if (spec.failure === 'timeout') {
    setTimeout(() => res.writeHead(504).end(), spec.delayMs ?? 30_000);
    return;
  }
  const wordpressError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    res
      .writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
      .end(JSON.stringify({ code, message, data: { status } }));
  if (spec.failure === 'rate-limit') {
    wordpressError(429, 'rest_too_many_requests', 'Too many requests. Please slow down.', {
      'retry-after': '1',
      ...spec.headers,
    });
    return;
  }
  if (spec.failure === 'server-error') {
    wordpressError(500, 'internal_server_error', '<p>There has been a critical error on this website.</p>');
    return;
  }
  const text = typeof spec.body === 'string';
  res
    .writeHead(spec.status ?? 500, {
      'content-type': text ? 'text/html; charset=UTF-8' : 'application/json; charset=UTF-8',
      ...spec.headers,
    })
    .end(text ? (spec.body as string) : JSON.stringify(spec.body ?? {}));
}

/**
 * A small HTTP proxy in front of a real WordPress, at the address WordPress believes is its own
 * (its `home` and `siteurl`), so every call the app makes passes it: it forwards them untouched
 * (the Host header too), logs them, and fails the next matching one on demand
 * (`POST /__proxy/fail-next`, `GET /__proxy/requests`). This is how outages and lost answers are
 * tried against the real site: WordPress itself cannot be told to fail.
 */
export async function startFaultProxy(options: { port: number; target: () => number }): Promise<FaultProxy> {
  const failures: ProxyFailSpec[] = [];
  const received: ProxiedRequest[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, onAnswer?: (upstream: IncomingMessage) => void) => {
    const upstream = request(
      { host: '127.0.0.1', port: options.target(), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (onAnswer) {
          answer.resume();
          answer.on('end', () => onAnswer(answer));
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (url.pathname === '/__proxy/fail-next' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        failures.push(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ProxyFailSpec);
        res.writeHead(204).end();
      });
      return;
    }
    if (url.pathname === '/__proxy/requests') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ requests: [...received].reverse() }));
      return;
    }
    const user = basicLogin(req);
    const route = restRouteOf(url);
    const log = (status: number) => {
      const query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 200)]));
      received.push({
        at: new Date().toISOString(),
        method: req.method ?? 'GET',
        path: url.pathname,
        route,
        user,
        query,
        status,
      });
      if (received.length > KEPT) received.shift();
    };
    const at = failures.findIndex((f) => matches(f, req, url));
    const spec = at >= 0 ? failures.splice(at, 1)[0] : undefined;
    if (!spec) {
      res.on('finish', () => log(res.statusCode));
      forward(req, res);
      return;
    }
    const fail = () => {
      res.on('finish', () => log(res.statusCode));
      res.on('close', () => {
        if (!res.writableFinished) log(0);
      });
      answerFailure(req, res, spec);
    };
    if (spec.after) forward(req, res, fail);
    else if (spec.delayMs && spec.failure !== 'timeout') setTimeout(fail, spec.delayMs);
    else {
      // The request's body is read and dropped: WordPress never sees the call.
      req.resume();
      fail();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
