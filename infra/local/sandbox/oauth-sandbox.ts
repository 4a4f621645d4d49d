import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { json, noContent } from './kit/answers';
import { callOf, dispatch, route, type Call, type Route } from './kit/router';
import { newSigningKey, signInRoutes, type Provider, type SignInContext } from './oauth/sign-in';

/**
 * Loopback stand-ins for Google's and Facebook's OAuth 2.0 endpoints: a consent page, the
 * code exchange (PKCE required) and the profile call, and Google's OpenID parts (discovery,
 * JWKS, a signed ID token with the nonce), answering with the shapes (and error shapes) the
 * real APIs document (oauth/sign-in.ts). `POST /__sandbox/fail-next` makes the next call to a path
 * fail as told (with `account`, only a code exchange for that email), which is how tests reach
 * the error paths.
 */
export { SANDBOX_CLIENTS } from './oauth/sign-in';

export interface OAuthSandbox {
  origin: string;
  stop(): Promise<void>;
}

/**
 * A failure asked for: the next call to `path` answers `status` and `body`; with `account`, only
 * a code exchange for that email (the one typed on the consent page) takes it, as files sharing
 * the sandbox sign in through the same token endpoints meanwhile.
 */
type Injected = { path: string; status: number; body: unknown; account?: string }[];

const failNext = (failures: Injected): Route<Call> =>
  route('POST', '/__sandbox/fail-next', async ({ res, text }) => {
    const spec = JSON.parse(await text()) as Injected[number];
    // A second failure asked for the same path and account replaces the first, as before.
    const at = failures.findIndex((f) => f.path === spec.path && f.account === spec.account);
    if (at >= 0) failures.splice(at, 1);
    failures.push(spec);
    return noContent(res);
  });

/** The email (lower-cased, as kept) a call's code was approved for: Google's token endpoint takes the code in a form, Facebook's in the query. */
async function accountOf(ctx: SignInContext, call: Call) {
  const code = call.url.searchParams.get('code') ?? (call.method === 'POST' ? (await call.form()).get('code') : null);
  return ctx.grants.get(code ?? '')?.identity.email;
}

export async function startOAuthSandbox(allowedRedirectOrigins: string[]): Promise<OAuthSandbox> {
  let origin = '';
  const ctx: SignInContext = {
    redirectAllowed: (uri) => allowedRedirectOrigins.some((o) => uri.startsWith(`${o}/`)),
    origin: () => origin,
    signingKey: await newSigningKey(),
    grants: new Map(),
    tokens: new Map(),
  };
  const failures: Injected = [];
  const controls = [failNext(failures)];
  const providers: Record<Provider, Route<Call>[]> = {
    google: signInRoutes(ctx, 'google'),
    facebook: signInRoutes(ctx, 'facebook'),
  };

  const serve = async (call: Call) => {
    if (await dispatch(controls, call)) return;
    const account = failures.some((f) => f.path === call.path && f.account !== undefined)
      ? await accountOf(ctx, call)
      : undefined;
    const at = failures.findIndex(
      (f) => f.path === call.path && (f.account === undefined || f.account.toLowerCase() === account),
    );
    const [injected] = at >= 0 ? failures.splice(at, 1) : [];
    if (injected) return json(call.res, injected.status, injected.body);
    const match = /^\/(google|facebook)(\/v[\d.]+)?\/(.*)$/.exec(call.path);
    const provider = match?.[1] as Provider | undefined;
    if (!provider || !(await dispatch(providers[provider], call, match?.[3] ?? ''))) {
      return json(call.res, 404, { error: 'not_found' });
    }
  };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      await serve(callOf(req, res));
    } catch (error) {
      json(res, 500, { error: 'server_error', error_description: (error as Error).message });
    }
  };
  // answer() catches every failure itself and replies 500, so its promise is not awaited by anyone.
  const server: Server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
