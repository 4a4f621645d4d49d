import { createServer, type Server, type ServerResponse } from 'node:http';
import { createGoogleApisSandbox, type GoogleApisSandboxState } from './google-apis-sandbox';
import { json } from './kit/answers';
import { listenAgain } from './kit/listen';
import { callOf, dispatch, type Call, type Route } from './kit/router';
import { consentRoutes } from './platforms/consent';
import type {
  Container,
  Grant,
  PlatformCall,
  PlatformContext,
  SandboxClients,
  SandboxComment,
  SandboxPost,
  SandboxRequestLog,
  Token,
} from './platforms/context';
import { controlRoutes, servePermalink } from './platforms/control';
import { facebookRoutes } from './platforms/facebook';
import { applyFailure, type AccountOf, type FailSpec } from './platforms/failures';
import { linkedinRoutes } from './platforms/linkedin';
import { logWhenAnswered } from './platforms/request-log';
import { threadsRoutes } from './platforms/threads';
import { sandboxStore, trackedMap } from './sandbox-store';
import { createWordPressSandbox, type WordPressSandboxState } from './wordpress-sandbox';

/**
 * Loopback stand-ins for the social platforms the apps tab connects: Meta's login and Graph API
 * (Facebook pages, Instagram business accounts), Threads' login and API, LinkedIn's OAuth and
 * REST API. The subsets the clients in functions/core/integrations call, with the documented
 * shapes, error shapes and token lifetimes, so those clients run unchanged against it. One module
 * per platform under platforms/ (facebook, instagram, threads, linkedin, consent), each a route
 * table; WordPress and Google's APIs are served on the same port (wordpress-sandbox.ts,
 * google-apis-sandbox.ts).
 *
 * Paths mirror the real hosts under a prefix: /facebook-www (www.facebook.com), /graph
 * (graph.facebook.com), /threads-www (threads.net), /threads-api (graph.threads.net),
 * /linkedin-www (www.linkedin.com), /linkedin-api (api.linkedin.com).
 *
 * Control (tests and the dev page): POST /__sandbox/fail-next makes the next call under a path
 * fail as a platform would (rate-limit, server-error, timeout, token-expired) or with a given
 * status and body; GET /__sandbox/requests lists what each platform received (WordPress sites and
 * Google's APIs too), secrets blanked.
 */
export type { SandboxClients } from './platforms/context';

export const PLATFORM_SANDBOX_CLIENTS = {
  threads: { clientId: 'sandbox-threads-app', clientSecret: 'sandbox-threads-secret' },
  linkedin: { clientId: 'sandbox-linkedin-client', clientSecret: 'sandbox-linkedin-secret' },
} as const;

export interface PlatformSandbox {
  origin: string;
  stop(): Promise<void>;
}

/** What the platform sandbox keeps across restarts (sandbox-store.ts): a real platform forgets none of it. */
interface PlatformSandboxState {
  /** The port it listened on, taken again after a restart so stored permalinks still open. */
  port: number;
  grants: [string, Grant][];
  tokens: [string, Token][];
  containers: [string, Container][];
  posts: SandboxPost[];
  /** Absent in a state saved before comments were kept. */
  comments?: SandboxComment[];
  unpublishedPhotos: [string, { pageId: string; url: string }][];
  images: [string, { owner: string; bytes: number }][];
  published: [string, number[]][];
  received: SandboxRequestLog[];
  wordpress?: WordPressSandboxState;
  google?: GoogleApisSandboxState;
}

const emptyPlatformState = (): PlatformSandboxState => ({
  port: 0,
  grants: [],
  tokens: [],
  containers: [],
  posts: [],
  unpublishedPhotos: [],
  images: [],
  published: [],
  received: [],
});

/** The shared context over the saved state; every change marks it for saving. */
function platformContext(
  saved: PlatformSandboxState,
  options: { clients: SandboxClients; allowedRedirectOrigins: string[] },
  origin: () => string,
  changed: () => void,
): PlatformContext {
  return {
    clients: options.clients,
    origin,
    redirectAllowed: (uri) => options.allowedRedirectOrigins.some((o) => uri.startsWith(`${o}/`)),
    changed,
    grants: trackedMap(saved.grants, changed),
    tokens: trackedMap(saved.tokens, changed),
    containers: trackedMap(saved.containers, changed),
    posts: saved.posts,
    comments: (saved.comments ??= []),
    unpublishedPhotos: trackedMap(saved.unpublishedPhotos, changed),
    images: trackedMap(saved.images, changed),
    published: trackedMap(saved.published, changed),
    received: saved.received,
    failures: [] as FailSpec[],
  };
}

export async function startPlatformSandbox(options: {
  allowedRedirectOrigins: string[];
  clients: SandboxClients;
  /** Where its state is kept (DATA_DIR); without it, it starts empty and forgets on stop. */
  stateFile?: string;
}): Promise<PlatformSandbox> {
  const store = sandboxStore(options.stateFile, emptyPlatformState);
  const saved = store.load();
  // Saved before the answer that changed it leaves (see the server below), so nothing a caller
  // was told is forgotten by a crash.
  let dirty = false;
  const changed = () => {
    dirty = true;
  };
  let origin = '';
  let port = saved.port;
  const ctx = platformContext(saved, options, () => origin, changed);
  const sites = { origin: () => origin, redirectAllowed: ctx.redirectAllowed, changed };
  const wordpress = createWordPressSandbox({ ...sites, saved: saved.wordpress });
  const googleApis = createGoogleApisSandbox({ ...sites, saved: saved.google });
  const flush = () => {
    if (!dirty) return;
    dirty = false;
    store.save({
      port,
      grants: [...ctx.grants],
      tokens: [...ctx.tokens],
      containers: [...ctx.containers],
      posts: ctx.posts,
      comments: ctx.comments,
      unpublishedPhotos: [...ctx.unpublishedPhotos],
      images: [...ctx.images],
      published: [...ctx.published],
      received: ctx.received,
      wordpress: wordpress.state(),
      google: googleApis.state(),
    });
  };
  const answer = platformAnswer(ctx, [wordpress.answer, googleApis.answer], googleApis.accountOf);
  const server = savingServer(answer, flush);
  port = await listenAgain(server, port);
  origin = `http://127.0.0.1:${port}`;
  changed();
  flush();
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => {
          dirty = true;
          flush();
          done();
        });
      }),
  };
}

const notFound = (res: ServerResponse) => json(res, 404, { error: 'not_found' });

/**
 * The order a call is tried in: the sandbox's controls and permalink pages (unlogged), then,
 * logged, a failure on demand, the sites at the root (WordPress, Google's APIs), the platforms.
 */
function platformAnswer(ctx: PlatformContext, sites: ((call: Call) => Promise<boolean>)[], googleAccountOf: AccountOf) {
  const controls = controlRoutes(ctx);
  const routes: Route<PlatformCall>[] = [
    ...consentRoutes(ctx),
    ...facebookRoutes(ctx),
    ...threadsRoutes(ctx, ({ res }) => notFound(res)),
    ...linkedinRoutes(ctx),
  ];
  return async (call: Call) => {
    if ((await dispatch(controls, call)) || servePermalink(ctx, call)) return;
    logWhenAnswered(ctx, call);
    if (await applyFailure(ctx, call, googleAccountOf)) return;
    for (const site of sites) if (await site(call)) return;
    if (!(await dispatch(routes, call))) notFound(call.res);
  };
}

/**
 * A server that runs `save` before each answer leaves, so the state it changed is on disk first
 * (in-place changes, a poll's count or an upload's bytes, ride along with the next save); a
 * route that throws answers 500.
 */
function savingServer(answer: (call: Call) => Promise<void>, save: () => void): Server {
  return createServer((req, res) => {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      save();
      return end(...args);
    }) as typeof res.end;
    answer(callOf(req, res)).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: (error as Error).message });
    });
  });
}
