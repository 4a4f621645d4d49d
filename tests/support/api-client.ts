import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A client with its own cookie jar: each one is a separate browser as far as the API knows. */
const REQUEST_TIMEOUT_MS = 90_000;

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string = inject('runtime').url) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined = options.rawBody;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    // An API call answers within API Gateway's 29 s; one that never answers fails its test with
    // its name rather than letting the test run into its own timeout with nothing said.
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new Error(`${method} ${path} had no answer in ${REQUEST_TIMEOUT_MS / 1000} s`);
      throw error;
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = cookie.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest mail to `to` whose subject matches, from the dev mailbox. */
export async function waitForMail(to: string, subject: RegExp, baseUrl = inject('runtime').url): Promise<Mail> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: Mail[] };
    const mail = messages.find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail "${subject}" for ${to}`);
}

export const linkIn = (mail: Mail) => {
  const link = /(https?:\/\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No link in mail ${mail.subject}`);
  return new URL(link);
};

export const PASSWORD = 'correct horse battery';

/**
 * Registers, verifies through the mailed link and signs in: a ready user in a fresh client, on the
 * suite's runtime or, given `baseUrl`, on a runtime of the test's own.
 */
export async function signedInUser(label = 'user', extra: Record<string, unknown> = {}, baseUrl?: string) {
  const client = new TestClient(baseUrl);
  const email = typeof extra.email === 'string' ? extra.email : uniqueEmail(label);
  const reg = await client.post('/api/auth/register', {
    firstName: 'Test',
    lastName: label,
    email,
    password: PASSWORD,
    subscribed: false,
    accept_terms: true,
    ...extra,
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  if (!reg.body.verified) {
    const link = linkIn(await waitForMail(email, /Verify/, baseUrl));
    const verified = await client.post('/api/auth/verify', {
      code: link.searchParams.get('code'),
      id: Number(link.searchParams.get('id')),
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  }
  const login = await client.post('/api/auth/login', { email, password: PASSWORD, inviteToken: extra.inviteToken });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { client, email, profile: login.body.profile, companyId: login.body.companyId as number };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A new user who joins `owner`'s company through a mailed invite for `role` (sent by `owner`),
 * with that company selected: a teammate of a given role in a fresh client.
 */
export async function teammate(
  owner: Pick<SignedInUser, 'client' | 'companyId'>,
  role: 'admin' | 'manager' | 'client' = 'manager',
  label: string = role,
) {
  const email = uniqueEmail(label);
  const sent = await owner.client.post(`/api/company/${owner.companyId}/invite`, { email, role });
  if (sent.status !== 201) throw new Error(`invite failed: ${JSON.stringify(sent.body)}`);
  const inviteToken = linkIn(await waitForMail(email, /invited/))
    .pathname.split('/')
    .pop()!;
  const member = await signedInUser(label, { email, inviteToken });
  member.client.cookies.set('COMPANY_ID', String(owner.companyId));
  return { ...member, companyId: owner.companyId };
}

/** A caller of the public API as an integration would be: no cookies, only its key. */
export const withKey = (key: string) => {
  const client = new TestClient();
  const auth = { authorization: `Bearer ${key}` };
  return {
    get: (path: string) => client.request('GET', `/api/public/v1${path}`, undefined, { headers: auth }),
    post: (path: string, body: unknown) => client.request('POST', `/api/public/v1${path}`, body, { headers: auth }),
    patch: (path: string, body: unknown) => client.request('PATCH', `/api/public/v1${path}`, body, { headers: auth }),
    delete: (path: string) => client.request('DELETE', `/api/public/v1${path}`, undefined, { headers: auth }),
  };
};
