import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { json, noContent } from './kit/answers';
import { callOf, dispatch, route, type Call, type Route } from './kit/router';
import { newSigningKey, signInRoutes, type Provider, type SignInContext } from './oauth/sign-in';

/**
 * Loopback stand-ins for Google's and Facebook's OAuth 2.0 endpoints: a consent page, the
 * code exchange (PKCE required) and the profile call, and Google's OpenID parts (discovery,
 * JWKS, a signed ID token with the nonce), answering with the shapes (and error shapes) the
 * real APIs document (oauth/sign-in.ts). `POST /__sandbox/fail-next` makes the next call to a path
 * fail as told, which is how tests reach the error paths.
 */
export { SANDBOX_CLIENTS } from './oauth/sign-in';

export interface OAuthSandbox {
  origin: string;
  stop(): Promise<void>;
}

type Injected = Map<string, { status: number; body: unknown }>;

const failNext = (failures: Injected): Route<Call> =>
  route('POST', '/__sandbox/fail-next', async ({ res, text }) => {
    const spec = JSON.parse(await text()) as { path: string; status: number; body: unknown };
    failures.set(spec.path, { status: spec.status, body: spec.body });
    return noContent(res);
  });

export async function startOAuthSandbox(allowedRedirectOrigins: string[]): Promise<OAuthSandbox> {
  let origin = '';
  const ctx: SignInContext = {
    redirectAllowed: (uri) => allowedRedirectOrigins.some((o) => uri.startsWith(`${o}/`)),
    origin: () => origin,
    signingKey: await newSigningKey(),
    grants: new Map(),
    tokens: new Map(),
  };
  const failures: Injected = new Map();
  const controls = [failNext(failures)];
  const providers: Record<Provider, Route<Call>[]> = {
    google: signInRoutes(ctx, 'google'),
    facebook: signInRoutes(ctx, 'facebook'),
  };

  const serve = async (call: Call) => {
    if (await dispatch(controls, call)) return;
    const injected = failures.get(call.path);
    if (injected) {
      failures.delete(call.path);
      return json(call.res, injected.status, injected.body);
    }
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
