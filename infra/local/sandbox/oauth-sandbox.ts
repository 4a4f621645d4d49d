import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Loopback stand-ins for Google's and Facebook's OAuth 2.0 endpoints: a consent page, the
 * code exchange and the profile call, answering with the shapes (and error shapes) the real
 * APIs document. `POST /__sandbox/fail-next` makes the next call to a path fail as told,
 * which is how tests reach the error paths.
 */
export const SANDBOX_CLIENTS = {
  google: { clientId: 'sandbox-google-client', clientSecret: 'sandbox-google-secret' },
  facebook: { clientId: 'sandbox-facebook-app', clientSecret: 'sandbox-facebook-secret' },
} as const;

type Provider = keyof typeof SANDBOX_CLIENTS;
interface Identity {
  email: string;
  firstName: string;
  lastName: string;
}
interface Grant {
  provider: Provider;
  identity: Identity;
  redirectUri: string;
  expires: number;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const subjectOf = (provider: Provider, email: string) =>
  createHash('sha256')
    .update(`${provider}:${email.toLowerCase()}`)
    .digest('hex')
    .slice(0, 20)
    .replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10));

function consentPage(provider: Provider, query: URLSearchParams): string {
  const brand = provider === 'google' ? { name: 'Google', color: '#1a73e8' } : { name: 'Facebook', color: '#1877f2' };
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
    .map((k) => `<input type="hidden" name="${k}" value="${escape(query.get(k) ?? '')}">`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with ${brand.name} (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f4;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:32px;width:min(380px,92vw);box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px;color:${brand.color}}p{color:#555;font-size:14px}label{display:block;font-size:13px;margin:12px 0 4px}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:6px;font-size:15px}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;border-radius:6px;border:0;font-size:15px;cursor:pointer}
.ok{background:${brand.color};color:#fff}.no{background:#e8eaed}</style></head>
<body><main><h1>${brand.name} sandbox</h1><p>This stands in for ${brand.name}'s consent screen on the local runtime. Choose who to sign in as.</p>
<form method="post" action="approve">${hidden}
<label for="email">Email</label><input id="email" type="email" name="email" value="sandbox.user@example.com" required>
<label for="first">First name</label><input id="first" type="text" name="first_name" value="Sandy">
<label for="last">Last name</label><input id="last" type="text" name="last_name" value="Box">
<div class="row"><button class="no" name="decision" value="deny" formnovalidate>Cancel</button><button class="ok" name="decision" value="allow">Continue</button></div>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

const googleError = (res: ServerResponse, status: number, error: string, description: string) =>
  json(res, status, { error, error_description: description });
const facebookError = (res: ServerResponse, status: number, message: string, code: number) =>
  json(res, status, {
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('base64url') },
  });

export interface OAuthSandbox {
  origin: string;
  stop(): Promise<void>;
}

export async function startOAuthSandbox(allowedRedirectOrigins: string[]): Promise<OAuthSandbox> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { provider: Provider; identity: Identity }>();
  const failures = new Map<string, { status: number; body: unknown }>();

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    try {
      if (req.method === 'POST' && path === '/__sandbox/fail-next') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const spec = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          path: string;
          status: number;
          body: unknown;
        };
        failures.set(spec.path, { status: spec.status, body: spec.body });
        res.writeHead(204);
        return res.end();
      }
      const injected = failures.get(path);
      if (injected) {
        failures.delete(path);
        return json(res, injected.status, injected.body);
      }

      const match = /^\/(google|facebook)(\/v[\d.]+)?\/(.*)$/.exec(path);
      if (!match) return json(res, 404, { error: 'not_found' });
      const provider = match[1] as Provider;
      const rest = match[3];
      const client = SANDBOX_CLIENTS[provider];

      const isConsent = rest === 'o/oauth2/v2/auth' || rest === 'dialog/oauth';
      if (req.method === 'GET' && isConsent) {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== client.clientId) {
          res.writeHead(401, { 'content-type': 'text/html' });
          return res.end('<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>');
        }
        if (!allowedRedirectOrigins.some((o) => redirectUri.startsWith(`${o}/`))) {
          res.writeHead(400, { 'content-type': 'text/html' });
          return res.end('<h1>Error 400: redirect_uri_mismatch</h1>');
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(consentPage(provider, url.searchParams));
      }
      if (req.method === 'POST' && (rest === 'o/oauth2/v2/approve' || rest === 'dialog/approve')) {
        const form = await readForm(req);
        const redirectUri = form.get('redirect_uri') ?? '';
        if (!allowedRedirectOrigins.some((o) => redirectUri.startsWith(`${o}/`)))
          return json(res, 400, { error: 'redirect_uri_mismatch' });
        const target = new URL(redirectUri);
        target.searchParams.set('state', form.get('state') ?? '');
        if (form.get('decision') !== 'allow') {
          target.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(16).toString('base64url');
          grants.set(code, {
            provider,
            redirectUri,
            expires: Date.now() + 60_000,
            identity: {
              email: (form.get('email') ?? '').trim().toLowerCase(),
              firstName: form.get('first_name') ?? '',
              lastName: form.get('last_name') ?? '',
            },
          });
          target.searchParams.set('code', code);
        }
        res.writeHead(302, { location: target.href });
        return res.end();
      }

      if (provider === 'google' && req.method === 'POST' && rest === 'token') {
        const form = await readForm(req);
        if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret) {
          return googleError(res, 401, 'invalid_client', 'Unauthorized');
        }
        if (form.get('grant_type') !== 'authorization_code')
          return googleError(res, 400, 'unsupported_grant_type', 'Invalid grant_type');
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        if (
          !grant ||
          grant.provider !== provider ||
          grant.expires < Date.now() ||
          grant.redirectUri !== form.get('redirect_uri')
        ) {
          return googleError(res, 400, 'invalid_grant', 'Bad Request');
        }
        const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
        tokens.set(accessToken, { provider, identity: grant.identity });
        return json(res, 200, {
          access_token: accessToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'openid email profile',
        });
      }
      if (provider === 'google' && req.method === 'GET' && rest === 'oauth2/v3/userinfo') {
        const token = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!token || token.provider !== 'google') return googleError(res, 401, 'invalid_token', 'Invalid Credentials');
        const { email, firstName, lastName } = token.identity;
        return json(res, 200, {
          sub: subjectOf('google', email),
          email,
          email_verified: true,
          name: `${firstName} ${lastName}`.trim(),
          given_name: firstName,
          family_name: lastName,
        });
      }

      if (provider === 'facebook' && req.method === 'GET' && rest === 'oauth/access_token') {
        const q = url.searchParams;
        if (q.get('client_id') !== client.clientId || q.get('client_secret') !== client.clientSecret) {
          return facebookError(res, 400, 'Error validating client secret.', 1);
        }
        const grant = grants.get(q.get('code') ?? '');
        grants.delete(q.get('code') ?? '');
        if (!grant || grant.provider !== provider || grant.expires < Date.now()) {
          return facebookError(res, 400, 'Invalid verification code format.', 100);
        }
        if (grant.redirectUri !== q.get('redirect_uri')) {
          return facebookError(
            res,
            400,
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            100,
          );
        }
        const accessToken = `EAAB${randomBytes(24).toString('base64url')}`;
        tokens.set(accessToken, { provider, identity: grant.identity });
        return json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 });
      }
      if (provider === 'facebook' && req.method === 'GET' && rest === 'me') {
        const raw =
          (req.headers.authorization ?? '').replace(/^Bearer /, '') || url.searchParams.get('access_token') || '';
        const token = tokens.get(raw);
        if (!token || token.provider !== 'facebook')
          return facebookError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
        const { email, firstName, lastName } = token.identity;
        const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
        const all: Record<string, string> = {
          id: subjectOf('facebook', email),
          email,
          first_name: firstName,
          last_name: lastName,
          name: `${firstName} ${lastName}`.trim(),
        };
        return json(res, 200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])));
      }
      return json(res, 404, { error: 'not_found' });
    } catch (error) {
      return json(res, 500, { error: 'server_error', error_description: (error as Error).message });
    }
  };
  // answer() catches every failure itself and replies 500, so its promise is not awaited by anyone.
  const server: Server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
