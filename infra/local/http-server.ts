import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import sirv from 'sirv';
import { AREAS, areaOfPath } from '../../functions/api/areas';
import { toApiGatewayEvent, writeApiGatewayResult } from './api-gateway-event';
import { API_SECURITY_HEADERS, spaSecurityHeaders } from '../security-headers';
import { config } from '../../functions/core/config';

/** API Gateway's own limit for a request payload. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function lambdaContext(name: string, requestId: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${name}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:local-${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/local/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    // The callback-era methods are deprecated but still part of the Context type; async handlers never call them.
    /* eslint-disable @typescript-eslint/no-deprecated */
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    /* eslint-enable @typescript-eslint/no-deprecated */
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Loads every area's handler, the same module the CDK stack bundles for its Lambda. */
export async function loadAreaHandlers(): Promise<Map<string, LambdaHandler>> {
  const handlers = new Map<string, LambdaHandler>();
  for (const area of AREAS) {
    const mod = (await import(`../../functions/api/${area.name}/handler.ts`)) as { handler: LambdaHandler };
    handlers.set(area.name, mod.handler);
  }
  return handlers;
}

export interface HttpServerOptions {
  handlers: Map<string, LambdaHandler>;
  webDist: string;
  /** Vite's dev middleware (`npm run dev`), used instead of the built files. */
  devMiddleware?: Middleware;
}

function serveBuild(webDist: string): Middleware {
  return sirv(webDist, {
    single: true,
    etag: true,
    // The build writes .br and .gz beside each asset (web/vite.config.ts): sent to clients that accept them.
    gzip: true,
    brotli: true,
    setHeaders: (res, pathname) => {
      res.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/**
 * The built SPA, following rebuilds: sirv lists the files once, and streaming a file a rebuild
 * has since deleted would crash the process with an unhandled ENOENT. A new index.html (every
 * build writes one) means a new listing; while a build has emptied the folder there is none.
 */
function builtSpa(webDist: string): () => Middleware | undefined {
  let served: { builtAt: number; middleware: Middleware } | undefined;
  return () => {
    let builtAt: number;
    try {
      builtAt = statSync(join(webDist, 'index.html')).mtimeMs;
    } catch {
      return undefined;
    }
    if (served?.builtAt !== builtAt) served = { builtAt, middleware: serveBuild(webDist) };
    return served.middleware;
  };
}

/**
 * The embedded stand-in for CloudFront + API Gateway: `/api/<area>/...` becomes a payload 2.0
 * event for that area's Lambda handler, everything else is the SPA with client-side routing.
 */
export function createRequestListener({ handlers, webDist, devMiddleware }: HttpServerOptions): RequestListener {
  const spa = builtSpa(webDist);

  // As CloudFront adds them in AWS. Vite's dev server injects inline scripts, so `npm run dev` goes without the CSP.
  const mediaOrigins = process.env.S3_ENDPOINT ? [new URL(process.env.S3_ENDPOINT).origin] : [];
  const webHeaders = Object.entries(spaSecurityHeaders(mediaOrigins)).filter(
    ([name]) => !devMiddleware || name !== 'content-security-policy',
  );
  const apiHeaders = Object.entries(API_SECURITY_HEADERS);

  const listen = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const api = path === '/api' || path.startsWith('/api/');
    for (const [name, value] of api ? apiHeaders : webHeaders) res.setHeader(name, value);
    if (api) {
      // `/api/<area>/...`, or a local-only area's mount (functions/api/areas.ts).
      const area = areaOfPath(path);
      const handler = handlers.get(area);
      if (!handler) {
        sendJson(res, 404, { message: 'Not Found' });
        return;
      }
      try {
        const body = await readBody(req);
        if (body === 'too-large') {
          sendJson(res, 413, { message: 'Request body too large' });
          return;
        }
        const routeKey = path.split('/').length > 3 ? `ANY /api/${area}/{proxy+}` : `ANY /api/${area}`;
        const event = toApiGatewayEvent(req, body, routeKey);
        const result = await handler(event, lambdaContext(area, event.requestContext.requestId));
        writeApiGatewayResult(res, result as never);
      } catch (error) {
        // API Gateway answers a crashed Lambda with this exact body.
        console.error(error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      }
      return;
    }
    // One origin for the app: the address mails and OAuth redirects name (APP_ORIGIN). A page
    // opened at another name of this machine (127.0.0.1 for localhost) moves there first, so its
    // session cookie is the one those links find, instead of signing the user out on the way.
    const canonical = new URL(config.appOrigin);
    if ((req.method === 'GET' || req.method === 'HEAD') && req.headers.host && req.headers.host !== canonical.host) {
      res.statusCode = 308;
      res.setHeader('location', `${canonical.origin}${req.url ?? '/'}`);
      res.end();
      return;
    }
    const web = devMiddleware ?? spa();
    if (!web) {
      res.statusCode = 503;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
      return;
    }
    web(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  };
  // Node ignores a listener's promise: what escapes listen() is logged and answered, not left unhandled.
  return (req, res) => {
    listen(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
    });
  };
}
