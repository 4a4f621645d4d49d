import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { callOf } from '../../infra/local/sandbox/kit/router';
import { createWordPressSandbox, type WordPressFailSpec } from '../../infra/local/sandbox/wordpress-sandbox';
import type { TestClient } from './api-client';
import { platformSandboxOrigin } from './app-connect';
import { serveSite, type LoopbackSite } from './loopback-site';
import { WordPressBrowser, type RealWordPressSite } from './real-wordpress';
import type { ProxyFailSpec } from './real-wordpress-proxy';

/**
 * The two WordPresses one scenario runs against: the real one (Debian's WordPress, started once
 * per run: tests/support/real-wordpress.ts) and the stand-in the embedded runtime serves
 * (infra/local/sandbox/wordpress*). A test talks to both the same way: as the site's admin over
 * REST for what the site holds, as a user in a browser for the authorize page, and through
 * fail-next for outages (the stand-in's own, or the proxy in front of the real one). Where the
 * two answer differently, the stand-in is wrong.
 */

export type WordPressRole = 'administrator' | 'editor' | 'author' | 'contributor';

export interface SiteUser {
  id: number;
  login: string;
  /** The account's own password (the real site's sign-in); the stand-in signs in by login. */
  password: string;
}

interface SiteRequest {
  at: string;
  method: string;
  route?: string;
  user?: string;
  query: Record<string, string>;
  status: number;
}

interface AuthorizeOutcome {
  /** Where WordPress sent the browser (our callback), or undefined when it stayed on its page. */
  location?: URL;
  /** The error WordPress showed on its page ("Each application name should be unique."). */
  error?: string;
  /** The application name the page proposed (what the app asked for). */
  appName: string;
}

/** What the site answered its admin: the status and the JSON (or the page's text). */
interface AdminAnswer<T> {
  status: number;
  body: T;
}

/** The site's REST API as its administrator, the answer's body typed as the caller expects it. */
type AdminCall = <T = any>(
  method: string,
  route: string,
  body?: unknown,
  query?: Record<string, string>,
) => Promise<AdminAnswer<T>>;

export interface ScenarioSite {
  /** 'real WordPress 6.1.9' or 'stand-in'. */
  label: string;
  kind: 'real' | 'stand-in';
  /** The address a user types: the site's home. */
  origin: string;
  /** Why this site is not here (the real one without its packages). */
  missing?: string;
  addUser(role: WordPressRole): Promise<SiteUser>;
  /** The authorize-application page as a browser walks it, signed in as `user`. */
  authorize(url: URL, user: SiteUser, decision: 'approve' | 'reject'): Promise<AuthorizeOutcome>;
  /** The site's REST API as its administrator (by `?rest_route=`, whatever the permalinks). */
  admin: AdminCall;
  failNext(spec: WordPressFailSpec & ProxyFailSpec): Promise<void>;
  /** The REST calls the site received from `user` since `from`, oldest first. */
  requests(from: number, user?: string): Promise<SiteRequest[]>;
  /** Settings → Permalinks: '' is Plain. Only the sites the permalink scenarios own. */
  setPermalinks(structure: string): Promise<void>;
  close(): Promise<void>;
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

const decodeEntities = (s: string) =>
  s
    .replace(/&#0*38;|&amp;/g, '&')
    .replace(/&#0*39;|&#x27;/g, "'")
    .replace(/&quot;|&#0*34;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The authorize page's form, as a browser would submit it: its hidden fields, the name, the button pressed. */
function authorizeForm(page: string, decision: 'approve' | 'reject') {
  const form = /<form[^>]*action="([^"]*authorize-application\.php[^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
  if (!form) throw new Error(`no authorize form on the page: ${page.slice(0, 600)}`);
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/g)) {
    const tag = input[0];
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const type = /\btype="([^"]*)"/.exec(tag)?.[1] ?? 'text';
    if (!name || type === 'submit') continue;
    fields.set(name, decodeEntities(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ''));
  }
  fields.set(
    decision,
    decision === 'approve' ? 'Yes, I approve of this connection' : 'No, I do not approve of this connection',
  );
  return { action: decodeEntities(form[1]!), fields };
}

const pageError = (page: string) =>
  /class="notice notice-error"[^>]*>\s*<p>([\s\S]*?)<\/p>/
    .exec(page)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

interface Backend {
  /** A page of the site as a signed-in browser fetches it. */
  browse(user: SiteUser | undefined): {
    get(url: string): Promise<{ status: number; text: string; location: string | null }>;
    post(url: string, form: URLSearchParams): Promise<{ status: number; text: string; location: string | null }>;
  };
  adminAuth(): Promise<string>;
  failNextUrl: string;
  requestsUrl: string;
  setPermalinks(structure: string): Promise<void>;
  close(): Promise<void>;
}

function scenarioSite(label: string, kind: ScenarioSite['kind'], origin: string, backend: Backend): ScenarioSite {
  const admin = async <T = any>(
    method: string,
    route: string,
    body?: unknown,
    query: Record<string, string> = {},
  ): Promise<AdminAnswer<T>> => {
    const url = new URL(`${origin}/`);
    url.searchParams.set('rest_route', route);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: {
        authorization: await backend.adminAuth(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a page, not JSON: the test sees it as text
    }
    return { status: res.status, body: parsed as T };
  };
  return {
    label,
    kind,
    origin,
    admin,
    async addUser(role) {
      const login = unique(role.slice(0, 3));
      const password = randomBytes(12).toString('base64url');
      const made = await admin<{ id: number }>('POST', '/wp/v2/users', {
        username: login,
        email: `${login}@example.com`,
        password,
        roles: [role],
      });
      if (made.status !== 201) throw new Error(`${label}: no user made: ${JSON.stringify(made.body)}`);
      return { id: made.body.id, login, password };
    },
    async authorize(url, user, decision) {
      const browser = backend.browse(user);
      const page = await browser.get(url.href);
      if (page.status !== 200)
        throw new Error(`${label}: the authorize page answered ${page.status}: ${page.text.slice(0, 500)}`);
      const { action, fields } = authorizeForm(page.text, decision);
      if (kind === 'stand-in') fields.set('user_login', user.login);
      const appName = fields.get('app_name') ?? '';
      const answer = await browser.post(action, fields);
      if (answer.status === 302 && answer.location) return { location: new URL(answer.location), appName };
      return { error: pageError(answer.text) ?? `HTTP ${answer.status}`, appName };
    },
    async failNext(spec) {
      const res = await fetch(backend.failNextUrl, { method: 'POST', body: JSON.stringify(spec) });
      if (res.status !== 204) throw new Error(`${label}: fail-next answered ${res.status}`);
    },
    async requests(from, user) {
      const res = await fetch(backend.requestsUrl);
      const { requests } = (await res.json()) as { requests: SiteRequest[] };
      return requests.filter((r) => Date.parse(r.at) >= from && (!user || r.user === user) && r.route).reverse();
    },
    setPermalinks: (structure) => backend.setPermalinks(structure),
    close: () => backend.close(),
  };
}

/** The real site of the run (main or the permalinks one), or a placeholder saying why it is missing. */
function realSite(which: 'main' | 'permalinks'): ScenarioSite {
  const provided = inject('realWordPress');
  if ('missing' in provided) {
    const missing = scenarioSite('real WordPress', 'real', 'http://127.0.0.1:9', unavailable());
    return { ...missing, missing: provided.missing };
  }
  const site: RealWordPressSite = provided[which];
  const basic = `Basic ${Buffer.from(`${site.admin.login}:${site.admin.applicationPassword}`).toString('base64')}`;
  const backend: Backend = {
    browse(user) {
      const browser = new WordPressBrowser(site.url);
      let signedIn: Promise<void> | undefined;
      const ready = () => (signedIn ??= user ? browser.signIn(user.login, user.password) : Promise.resolve());
      return {
        async get(url) {
          await ready();
          const u = new URL(url);
          return browser.request(u.pathname + u.search);
        },
        async post(url, form) {
          await ready();
          const u = new URL(url, site.url);
          return browser.request(u.pathname + u.search, { form });
        },
      };
    },
    adminAuth: async () => basic,
    failNextUrl: `${site.url}/__proxy/fail-next`,
    requestsUrl: `${site.url}/__proxy/requests`,
    async setPermalinks(structure) {
      // Settings → Permalinks, as the site's admin does it (the page's own form and nonce).
      const browser = new WordPressBrowser(site.url);
      await browser.signIn(site.admin.login, site.admin.password);
      const page = await browser.request('/wp-admin/options-permalink.php');
      const nonce = /name="_wpnonce" value="([^"]+)"/.exec(page.text)?.[1];
      if (!nonce) throw new Error(`no permalinks form: ${page.text.slice(0, 300)}`);
      const form = new URLSearchParams({
        _wpnonce: nonce,
        _wp_http_referer: '/wp-admin/options-permalink.php',
        selection: structure === '' ? '' : 'custom',
        permalink_structure: structure,
        category_base: '',
        tag_base: '',
        submit: 'Save Changes',
      });
      const saved = await browser.request('/wp-admin/options-permalink.php', { form });
      if (saved.status !== 302 || !saved.location) throw new Error(`permalinks not saved: HTTP ${saved.status}`);
      // The page the browser is sent back to flushes the rewrite rules: until then /wp-json/ still routes.
      const back = new URL(saved.location, site.url);
      await browser.request(back.pathname + back.search);
    },
    close: async () => undefined,
  };
  return scenarioSite(`real WordPress ${provided.version}`, 'real', site.url, backend);
}

const unavailable = (): Backend => ({
  browse: () => ({ get: () => Promise.reject(new Error('no site')), post: () => Promise.reject(new Error('no site')) }),
  adminAuth: () => Promise.reject(new Error('no site')),
  failNextUrl: '',
  requestsUrl: '',
  setPermalinks: () => Promise.resolve(),
  close: () => Promise.resolve(),
});

/**
 * The stand-in at `origin`: the runtime's own (what `npm start` serves, shared by every file of
 * the run), or one of this file's on a loopback site port (its permalinks are the test's to change).
 */
function standInSite(origin: string, own?: LoopbackSite): ScenarioSite {
  let adminAuth: Promise<string> | undefined;
  const plainFetch = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    return { status: res.status, text: await res.text(), location: res.headers.get('location') };
  };
  const backend: Backend = {
    browse: () => ({
      get: (url) => plainFetch(url),
      post: (url, form) => plainFetch(new URL(url, origin).href, { method: 'POST', body: form }),
    }),
    adminAuth: () =>
      (adminAuth ??= (async () => {
        // The stand-in's admin signs in at its own authorize page, as the suite's admin of the real one did.
        const url = new URL(`${origin}/wp-admin/authorize-application.php`);
        url.searchParams.set('app_name', unique('Test suite '));
        url.searchParams.set('success_url', `${inject('runtime').url}/settings/apps`);
        const page = await plainFetch(url.href);
        const { action, fields } = authorizeForm(page.text, 'approve');
        fields.set('user_login', 'admin');
        const approved = await plainFetch(new URL(action, origin).href, { method: 'POST', body: fields });
        const back = new URL(approved.location ?? '');
        return `Basic ${Buffer.from(`admin:${back.searchParams.get('password') ?? ''}`).toString('base64')}`;
      })()),
    failNextUrl: `${origin}/__sandbox/wordpress/fail-next`,
    requestsUrl: `${origin}/__sandbox/wordpress/requests`,
    async setPermalinks(structure) {
      if (!own) throw new Error("the runtime's stand-in is shared: its permalinks stay as they are");
      const res = await fetch(`${origin}/__sandbox/wordpress/permalinks`, {
        method: 'POST',
        body: JSON.stringify({ structure }),
      });
      if (res.status !== 204) throw new Error(`permalinks not set: ${res.status}`);
    },
    close: async () => {
      await own?.close();
    },
  };
  return scenarioSite('stand-in', 'stand-in', origin, backend);
}

/** A stand-in of this file's own, on a loopback site port the runtime may fetch. */
async function ownStandIn(): Promise<ScenarioSite> {
  const app = inject('runtime').url;
  const holder: { sandbox?: ReturnType<typeof createWordPressSandbox> } = {};
  const site = await serveSite((req, res) => {
    void holder.sandbox?.answer(callOf(req, res)).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  holder.sandbox = createWordPressSandbox({
    origin: () => site.origin,
    redirectAllowed: (uri) => uri.startsWith(`${app}/`),
  });
  return standInSite(site.origin, site);
}

/** Every file's sites: the real WordPress's main site and the runtime's stand-in (found through `client`). */
export async function sharedSites(client: TestClient): Promise<ScenarioSite[]> {
  return [realSite('main'), standInSite(await platformSandboxOrigin(client))];
}

/** The sites the permalink scenarios switch: the real run's second site, and a stand-in of the file's own. */
export async function permalinkSites(): Promise<ScenarioSite[]> {
  return [realSite('permalinks'), await ownStandIn()];
}
