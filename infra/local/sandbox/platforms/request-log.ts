import type { ServerResponse } from 'node:http';
import type { PlatformCall, PlatformContext } from './context';
import { platformOf } from './failures';

/**
 * What each platform received (GET /__sandbox/requests, the dev page): every call under a
 * platform's prefix once answered, secrets blanked, with the body fields a publish call carried.
 */
const SECRET_PARAMS = new Set([
  'access_token',
  'client_secret',
  'code',
  'fb_exchange_token',
  'code_verifier',
  'refresh_token',
  'input_token',
]);
/** The log keeps the last 200 calls. */
const KEPT = 200;

/** Body fields worth showing on the dev page (what a publish call carried), secrets left out. */
const noted = new WeakMap<ServerResponse, Record<string, string>>();
export const note = (res: ServerResponse, fields: Record<string, string | undefined | null>) =>
  noted.set(
    res,
    Object.fromEntries(
      Object.entries(fields).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, v.slice(0, 200)]])),
    ),
  );

/** Logs the call once it is answered, when its path is a platform's. */
export function logWhenAnswered(ctx: PlatformContext, { res, url, path, method }: PlatformCall) {
  const platform = platformOf(path);
  if (!platform) return;
  res.on('finish', () => {
    const query = Object.fromEntries(
      [...url.searchParams].map(([k, v]) => [k, SECRET_PARAMS.has(k) ? '(hidden)' : v.slice(0, 200)]),
    );
    Object.assign(query, noted.get(res));
    ctx.received.push({ at: new Date().toISOString(), platform, method, path, query, status: res.statusCode });
    if (ctx.received.length > KEPT) ctx.received.shift();
  });
}
