import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The sandboxes' router: a route is a method ('*' for any) and a path, exact or a pattern whose
 * groups become the handler's params; the first route that matches answers. Each platform keeps
 * its routes in a table, in the order the real API's paths must be tried.
 */
export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  path: string;
  method: string;
  /** The request body, read once (every later call gets the same bytes). */
  raw: () => Promise<Buffer>;
  /** The body as UTF-8 text. */
  text: () => Promise<string>;
  /** The body as a form (application/x-www-form-urlencoded). */
  form: () => Promise<URLSearchParams>;
}

export type Handler<C> = (call: C, params: string[]) => unknown;

export interface Route<C> {
  method: string;
  path: string | RegExp;
  handle: Handler<C>;
}

export const route = <C = Call>(method: string, path: string | RegExp, handle: Handler<C>): Route<C> => ({
  method,
  path,
  handle,
});

/** The request as a route sees it, its body read on first use. */
export function callOf(req: IncomingMessage, res: ServerResponse): Call {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  let body: Promise<Buffer> | undefined;
  const raw = () => (body ??= readRaw(req));
  const text = async () => (await raw()).toString('utf8');
  return {
    req,
    res,
    url,
    path: url.pathname,
    method: req.method ?? 'GET',
    raw,
    text,
    form: async () => new URLSearchParams(await text()),
  };
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first route for `method` whose path is `path` or matches it, with the pattern's groups. */
function findRoute<C>(routes: readonly Route<C>[], method: string, path: string) {
  for (const r of routes) {
    if (r.method !== '*' && r.method !== method) continue;
    if (typeof r.path === 'string') {
      if (r.path === path) return { handle: r.handle, params: [] as string[] };
      continue;
    }
    const match = r.path.exec(path);
    if (!match) continue;
    // A group that took no part in the match is undefined: its param is ''.
    const groups: (string | undefined)[] = match.slice(1);
    return { handle: r.handle, params: groups.map((p) => p ?? '') };
  }
  return undefined;
}

/** Answers with the matching route; false when none matches `path` (the call's own path unless given). */
export async function dispatch<C extends Call>(
  routes: readonly Route<C>[],
  call: C,
  path: string = call.path,
): Promise<boolean> {
  const found = findRoute(routes, call.method, path);
  if (!found) return false;
  await found.handle(call, found.params);
  return true;
}
