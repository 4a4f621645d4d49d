import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { invalid } from '../errors';
import { FetchRefusedError, type FetchRefusal } from '../net';
import type { PlatformConfig } from '../platform-config';
import { PlatformError, platformError } from './platform-error';
import { fetchPlatform, retryAfterSeconds, type PlatformReply, type PlatformRequest } from './platform-http';

/**
 * How we call a connected site: an application password (Basic) or a WordPress.com token.
 * `apiRoot` is where the site said its REST API is (its `Link: rel="https://api.w.org/"`):
 * `/wp-json/` with pretty permalinks, `/?rest_route=/` with Plain ones; connections made before
 * it was kept have none and mean `/wp-json/`. `passwordUuid` names the application password on
 * the site, so Disconnect can revoke it.
 */
export type WordPressCredentials =
  | {
      kind: 'application-password';
      siteUrl: string;
      userLogin: string;
      password: string;
      apiRoot?: string;
      passwordUuid?: string;
    }
  | { kind: 'wpcom'; siteUrl: string; blogId: string; accessToken: string };

/** The credentials as sealed in the connection. */
export const wordpressCredentialsSchema: z.ZodType<WordPressCredentials> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('application-password'),
    siteUrl: z.string(),
    userLogin: z.string(),
    password: z.string(),
    apiRoot: z.string().optional(),
    passwordUuid: z.string().optional(),
  }),
  z.object({ kind: z.literal('wpcom'), siteUrl: z.string(), blogId: z.string(), accessToken: z.string() }),
]);

/** What the site's REST index says about it. */
export interface WordPressSite {
  url: string;
  name: string;
  /** Where its REST API answers (the index's own address). */
  apiRoot: string;
  /** The authorize-application page, when the site offers application passwords. */
  authorizeUrl?: string;
}

export interface WordPressMedia {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface PublishedWordPressPost {
  id: number;
  link: string;
}

/** The WordPress roles a user may be given, as the site's Users screen names them. */
const ROLE_LABELS: Record<string, string> = {
  administrator: 'an Administrator',
  editor: 'an Editor',
  author: 'an Author',
  contributor: 'a Contributor',
  subscriber: 'a Subscriber',
};
const roleLabel = (roles: string[]) => {
  const [role] = roles;
  return role ? (ROLE_LABELS[role] ?? `"${role}"`) : 'without a role';
};

export const wordpressSentences = {
  notWordPress: (site: string) =>
    `We could not find a WordPress site at ${site}. Check the address, and that the site's REST API is on.`,
  noApplicationPasswords: (site: string) =>
    `${site} does not offer application passwords. It needs WordPress 5.6 or later served over HTTPS, without a plugin that turns them off.`,
  permission: 'Your WordPress user may not publish posts on this site. Connect with an editor or administrator.',
  /** WordPress's `error=disabled`: the site turns application passwords off for this account. */
  passwordsUnavailable: (site: string) =>
    `${site} does not let your WordPress account use application passwords (the site or a plugin turns them off). Ask the site's administrator to allow them, then connect again.`,
  /** At connect: the user approved us, but their role cannot publish. */
  cannotPublish: (login: string, site: string, roles: string[]) =>
    `The WordPress user ${login} is ${roleLabel(roles)} on ${site}, and may not publish posts there. Connect with an Author, Editor or Administrator account.`,
  cannotUpload: (login: string, site: string) =>
    `The WordPress user ${login} may not upload files on ${site}, so a post's image could not go with it. Connect with an Author, Editor or Administrator account.`,
  /**
   * At connect: the password WordPress handed back does not sign in. WordPress answers a wrong
   * password and a missing one alike (`rest_not_logged_in`), and a web server that drops the
   * Authorization header makes every password missing, so the sentence names both.
   */
  passwordRefused: (login: string, site: string) =>
    `${site} did not accept the application password it gave us for ${login}. Please connect again; if it happens again, ask your host whether the web server passes the Authorization header on to WordPress.`,
  /** At publish: the password stopped working (revoked in the profile, or the user is gone). */
  revoked: (login: string, site: string) =>
    `${site} no longer accepts our application password for ${login}: it was revoked, or the user was removed. Reconnect WordPress from the apps page.`,
  mayNotPublish: (login: string, site: string) =>
    `The WordPress user ${login} may no longer publish posts on ${site} (their role was changed). Reconnect WordPress with an Author, Editor or Administrator account.`,
  mayNotUpload: (login: string, site: string) =>
    `The WordPress user ${login} may not upload files on ${site}. Reconnect WordPress with an Author, Editor or Administrator account.`,
  /** A 403 page that is not WordPress's JSON: a firewall or the web server in front of it refused the call. */
  blocked: (site: string) =>
    `${site} refused the call before WordPress saw it (HTTP 403 from its web server or a security plugin's firewall). Ask your host or the plugin to let the WordPress REST API through.`,
  tooLarge: (site: string) =>
    `The file is too large for ${site}: its web server refused the upload (HTTP 413). Use a smaller file, or ask your host to raise the upload limit.`,
  phpLimit: (site: string) =>
    `The file is larger than ${site} accepts (PHP's post_max_size), so WordPress received nothing. Use a smaller file, or ask your host to raise the limit.`,
  fileRefused: (site: string, reason: string) => `${site} refused the file: ${reason}`,
  apiGone: (site: string) =>
    `${site} no longer answers WordPress's REST API (it sends a web page instead): a plugin or the host may have turned it off. Turn it back on, then reconnect WordPress from the apps page.`,
};

/** What a call was for: the sentence names the real cause, and who and where. */
export interface WordPressCallContext {
  site: string;
  login: string;
  phase: 'connect' | 'publish';
  /** An upload's refusal is about the file; a post's about the post. */
  upload?: boolean;
}

/** A collection's `X-WP-Total`: how many items match, over every page. */
const totalSchema = z.string().regex(/^\d+$/).transform(Number);

/** WordPress REST's error shape: `{code, message, data: {status}}`. */
const errorBodySchema = z.looseObject({ code: z.string().optional(), message: z.string().optional() });

const isJson = (headers: IncomingHttpHeaders) => /\bjson\b/i.test(headers['content-type'] ?? '');

/** Tags and entities out of WordPress's own error text (its critical-error message is HTML). */
const plainText = (s: string) =>
  decodeEntities(s.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The site's answer as a user's sentence, naming what went wrong: a refused password (reconnect,
 * which marks the connection), a role that may not publish or upload, a file too large for the
 * web server or PHP, a refused file type. As for the social platforms, the publish workflow
 * waits out a rate limit (nothing was created, `retryAfterSeconds` is the site's Retry-After)
 * and calls again; an outage is transient too, but a create's outcome is then unknown, so the
 * workflow looks the post up before creating it again.
 */
function classifyWordPressError(answer: PlatformReply, context?: WordPressCallContext): PlatformError {
  const json = isJson(answer.headers) ? errorBodySchema.safeParse(answer.body) : undefined;
  const body = json?.success ? json.data : {};
  const detail = `HTTP ${answer.status} ${body.code ?? (isJson(answer.headers) ? '' : 'not JSON')}: ${body.message ?? ''}`;
  const site = context?.site ?? 'Your WordPress site';
  const login = context?.login ?? 'this user';
  const refused = (message: string) => new PlatformError('wordpress', 'rejected', message, detail);
  if (answer.status === 413) return refused(wordpressSentences.tooLarge(site));
  if (answer.status === 403 && !isJson(answer.headers)) return refused(wordpressSentences.blocked(site));
  if (answer.status === 429)
    return platformError.rateLimited('wordpress', retryAfterSeconds(answer.headers, 60), detail);
  if (answer.status >= 500 && body.code !== 'rest_upload_sideload_error')
    return platformError.unavailable('wordpress', detail);
  if (answer.status === 401 || body.code === 'invalid_username' || body.code === 'incorrect_password') {
    if (!context) return platformError.expired('wordpress', detail);
    if (context.phase === 'connect') return refused(wordpressSentences.passwordRefused(login, site));
    return new PlatformError('wordpress', 'expired', wordpressSentences.revoked(login, site), detail);
  }
  if (answer.status === 403) {
    if (!context) return new PlatformError('wordpress', 'permission', wordpressSentences.permission, detail);
    const sentence = context.upload
      ? wordpressSentences.mayNotUpload(login, site)
      : wordpressSentences.mayNotPublish(login, site);
    return new PlatformError('wordpress', 'permission', sentence, detail);
  }
  if (context?.upload) {
    if (body.code === 'rest_upload_no_data') return refused(wordpressSentences.phpLimit(site));
    if (body.code?.startsWith('rest_upload_') && body.message) {
      return refused(wordpressSentences.fileRefused(site, plainText(body.message)));
    }
  }
  return platformError.rejected('wordpress', detail);
}

/** A post as WordPress answers it: only the fields the app reads. */
const postSchema = z.object({
  id: z.number(),
  link: z.string().optional(),
  /** The post's date in UTC, without a zone (WordPress's `date_gmt`); null for an undated draft. */
  date_gmt: z.string().nullish(),
  featured_media: z.number().optional(),
  title: z.object({ raw: z.string().optional(), rendered: z.string().optional() }).optional(),
  content: z.object({ raw: z.string().optional(), rendered: z.string().optional() }).optional(),
});
export type ListedPost = z.infer<typeof postSchema>;

/** A media item as WordPress answers it. `media_type` is `image` or `file` (a video is a file). */
const mediaSchema = z.object({
  id: z.number(),
  source_url: z.string(),
  media_type: z.string().optional(),
  mime_type: z.string().optional(),
  /** The post it is attached to (0 or null: none). A featured image alone attaches nothing. */
  post: z.number().nullish(),
});
export type WordPressMediaItem = z.infer<typeof mediaSchema>;

/** `users/me?context=edit`: who signed in, and what their role lets them do. */
const meSchema = z.object({
  id: z.number(),
  name: z.string().optional(),
  roles: z.array(z.string()).optional(),
  capabilities: z.record(z.string(), z.boolean()).optional(),
});

/** `users/me/application-passwords/introspect` (WordPress 5.7+): the password signed in with. */
const introspectSchema = z.object({ uuid: z.string(), name: z.string().optional() });

/** A category or tag as the site lists it. */
const termSchema = z.object({
  id: z.number(),
  name: z.string(),
  parent: z.number().optional(),
  count: z.number().optional(),
});
export type WordPressTerm = z.infer<typeof termSchema>;

/** The REST index (`GET {apiRoot}`): a WordPress site names its wp/v2 namespace. */
const restIndexSchema = z.object({
  name: z.string().optional(),
  url: z.string().optional(),
  namespaces: z.array(z.string()),
  // PHP sends an empty list, not an object, when no method is on.
  authentication: z.unknown().optional(),
});
const authenticationSchema = z.object({
  'application-passwords': z
    .object({ endpoints: z.object({ authorization: z.string().optional() }).optional() })
    .optional(),
});

/** Our clock and the site's may differ: a lookup accepts posts dated this long before the claim. */
export const CLOCK_SLACK_MS = 2 * 60_000;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/**
 * Text as WordPress may hand it back: entities decoded, and what its texturizer makes of
 * quotes, dashes and dots in `rendered` undone, whitespace collapsed. Both sides of a comparison
 * go through it, so the raw field, the rendered one and our own text compare alike.
 */
const normaliseText = (s: string) =>
  decodeEntities(s)
    .normalize('NFC')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/…/g, '...')
    .replace(/[–—]|-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** Content compared as its text: tags dropped (wpautop adds paragraphs, kses rewrites `<br>`). */
const normaliseHtml = (html: string) => normaliseText(html.replace(/<[^>]*>/g, ' '));

/**
 * WordPress's search (WP_Query `s`) needs every word in the title, content or excerpt, drops
 * stopwords, and searches more than nine words as one phrase, which stored entities (`&amp;`)
 * would then miss. So: a few plain words of the title, or of the content when the title has none.
 */
export function searchTerms(title: string, html: string): string {
  const words = (text: string) =>
    normaliseText(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2);
  const fromTitle = words(title);
  return (fromTitle.length ? fromTitle : words(normaliseHtml(html))).slice(0, 6).join(' ');
}

/** Whether a listed post is the one we asked WordPress to create (made since `since`, same title and content). */
export function isSamePost(listed: ListedPost, post: { title: string; html: string }, since: Date): boolean {
  const title = listed.title?.raw ?? listed.title?.rendered;
  if (title === undefined || normaliseText(title) !== normaliseText(post.title)) return false;
  const content = listed.content?.raw ?? listed.content?.rendered;
  if (content !== undefined && normaliseHtml(content) !== normaliseHtml(post.html)) return false;
  // `after` already asked for this; checked again for a site (or plugin) that ignores it.
  return !madeBefore(listed.date_gmt, since);
}

/** Whether a WordPress `date_gmt` (UTC, usually without a zone) is before `since`, less the clock slack. */
function madeBefore(dateGmt: string | null | undefined, since: Date): boolean {
  if (!dateGmt) return false;
  const made = Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(dateGmt) ? dateGmt : `${dateGmt}Z`);
  return Number.isFinite(made) && made < since.getTime() - CLOCK_SLACK_MS;
}

/** The API root a WordPress page announces: `Link: <…>; rel="https://api.w.org/"`. */
function apiRootFromLink(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers.link;
  for (const value of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    for (const part of value.split(/,(?=\s*<)/)) {
      const match = /^\s*<([^>]+)>\s*;(.*)$/.exec(part);
      if (match?.[1] && /\brel="?https:\/\/api\.w\.org\/"?/i.test(match[2] ?? '')) return match[1];
    }
  }
  return undefined;
}

/**
 * A REST route under an API root: `/wp-json/` + `wp/v2/posts`, or `?rest_route=/` +
 * `/wp/v2/posts` when the site has Plain permalinks (its API root then carries `rest_route`).
 */
function restUrl(apiRoot: string, route: string, query: Record<string, string> = {}): URL {
  const url = new URL(apiRoot);
  const base = url.searchParams.get('rest_route');
  if (base !== null) url.searchParams.set('rest_route', `${base.replace(/\/+$/, '')}${route}`);
  else url.pathname = `${url.pathname.replace(/\/+$/, '')}${route}`;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

/** The API root a connection made before roots were kept assumes. */
const defaultApiRoot = (siteUrl: string) => `${siteUrl}/wp-json/`;

/** Credentials go to the site's own address only: an API root elsewhere is not used. */
const sameSiteRoot = (root: string, site: string) => {
  try {
    const a = new URL(root);
    const b = new URL(site);
    return (
      a.hostname === b.hostname &&
      (a.protocol === b.protocol || a.protocol === 'https:') &&
      /^https?:$/.test(a.protocol)
    );
  } catch {
    return false;
  }
};

const ok = (answer: PlatformReply) => answer.status >= 200 && answer.status < 300;

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A video goes in the body, above the text: WordPress takes a video as `featured_media`
 * without a word (a 201) and the post then has no featured image at all. `src` is the address
 * WordPress gave the upload.
 */
const videoBlock = (sourceUrl: string) =>
  `<figure class="wp-block-video"><video controls src="${attribute(sourceUrl)}"></video></figure>`;

/** A slug for an upload made without one: unique enough that a later lookup finds only it. */
const uploadSlug = () => `upload-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** A file name WordPress can read from Content-Disposition: its bytes as UTF-8, quotes and line ends out. */
const dispositionName = (filename: string) =>
  Buffer.from(filename.replace(/["\\\r\n]/g, '_') || 'file', 'utf8').toString('latin1');

/**
 * The safe fetcher's site failures that may come after the request reached the site: for a
 * create its outcome is unknown. A refused address, DNS, TLS or a too-large answer keep their
 * own sentence: retrying would not change them.
 */
const OUTAGES: ReadonlySet<FetchRefusal> = new Set(['timeout', 'unreachable', 'bad-response']);

/**
 * WordPress sites: discovery of a self-hosted site's REST API (wherever its Link header says it
 * is) and its authorize-application page, the application password's check and revocation,
 * WordPress.com's OAuth code exchange, and publishing (REST media, posts, categories and tags).
 * Every address goes through the safe fetcher: the site is the user's. Every answer is parsed
 * with its schema; an answer that is not the API's JSON is never taken for one.
 */
export function wordpressClient(config: PlatformConfig) {
  /** The site is the user's: a refused address keeps its own sentence. */
  const call = (url: URL, request: PlatformRequest = {}) =>
    fetchPlatform(url, request, { platform: 'wordpress', timeoutMs: config.timeoutMs, keepRefusals: true });
  /** Calls after connect: a timeout or a dropped connection is an outage the workflow retries (after a lookup). */
  const siteCall = (url: URL, request: PlatformRequest) =>
    call(url, request).catch((error: unknown) => {
      if (error instanceof FetchRefusedError && OUTAGES.has(error.reason)) {
        throw platformError.unavailable('wordpress', `${error.reason}: ${error.message}`);
      }
      throw error;
    });

  const authorization = (creds: WordPressCredentials) =>
    creds.kind === 'wpcom'
      ? `Bearer ${creds.accessToken}`
      : `Basic ${Buffer.from(`${creds.userLogin}:${creds.password}`).toString('base64')}`;
  const contextOf = (creds: WordPressCredentials, phase: WordPressCallContext['phase'], upload = false) => ({
    site: creds.siteUrl,
    login: creds.kind === 'wpcom' ? 'your WordPress.com user' : creds.userLogin,
    phase,
    upload,
  });

  /** A wp/v2 route's address for the credentials: the site's API root, or WordPress.com's sites/{id}. */
  const routeUrl = (creds: WordPressCredentials, route: string, query?: Record<string, string>) => {
    if (creds.kind === 'wpcom') {
      const url = new URL(`${config.wordpressCom}/wp/v2/sites/${encodeURIComponent(creds.blogId)}${route}`);
      for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
      return url;
    }
    return restUrl(creds.apiRoot ?? defaultApiRoot(creds.siteUrl), `/wp/v2${route}`, query);
  };

  /** Where the site says its API is now, from a page's Link header or its home page's. */
  const announcedRoot = async (site: string, answer?: PlatformReply): Promise<string | undefined> => {
    const fromAnswer = answer ? apiRootFromLink(answer.headers) : undefined;
    const root = fromAnswer ?? apiRootFromLink((await siteCall(new URL(`${site}/`), {})).headers);
    return root && sameSiteRoot(root, site) ? root : undefined;
  };

  /**
   * A REST call of a connected site, its JSON answer parsed with `schema`, with its headers (a
   * collection's total is in `X-WP-Total`). An answer that is not JSON where the API should be
   * means the API moved (the site switched to Plain permalinks: `/wp-json/` then answers a web
   * page, or redirects): the site's Link header says where it is now, the credentials are
   * pointed there (the caller stores them: see `apiRoot`) and the call is made again once. A
   * site that announces no API any more says so, and must be reconnected.
   */
  const restAnswer = async <T>(
    creds: WordPressCredentials,
    route: string,
    request: PlatformRequest & { query?: Record<string, string> },
    schema: z.ZodType<T>,
    context: WordPressCallContext,
  ): Promise<{ body: T; headers: IncomingHttpHeaders }> => {
    const send = () =>
      siteCall(routeUrl(creds, route, request.query), {
        ...request,
        headers: { authorization: authorization(creds), ...request.headers },
      });
    let answer = await send();
    // A page where the API should be: not an answer about the call (401, 403, 413 and 429 are).
    const movedAway = (a: PlatformReply) =>
      !isJson(a.headers) && a.status < 500 && ![401, 403, 413, 429].includes(a.status);
    if (creds.kind === 'application-password' && movedAway(answer)) {
      const root = await announcedRoot(creds.siteUrl, answer);
      const current = creds.apiRoot ?? defaultApiRoot(creds.siteUrl);
      if (!root || root === current) {
        throw new PlatformError(
          'wordpress',
          'expired',
          wordpressSentences.apiGone(creds.siteUrl),
          `HTTP ${answer.status} not JSON`,
        );
      }
      creds.apiRoot = root;
      answer = await send();
    }
    if (!ok(answer)) throw classifyWordPressError(answer, context);
    const parsed = isJson(answer.headers) ? schema.safeParse(answer.body) : undefined;
    if (!parsed?.success) {
      // A 2xx that is not the documented answer (a proxy's page, a plugin): nothing to go on yet.
      throw platformError.unavailable('wordpress', `${route}: answer not as documented`);
    }
    return { body: parsed.data, headers: answer.headers };
  };
  /** `restAnswer`'s body alone: what every call but a count needs. */
  const rest = async <T>(
    creds: WordPressCredentials,
    route: string,
    request: PlatformRequest & { query?: Record<string, string> },
    schema: z.ZodType<T>,
    context: WordPressCallContext,
  ): Promise<T> => (await restAnswer(creds, route, request, schema, context)).body;

  /** Reads and checks a REST index at `root`. */
  const readIndex = async (root: string) => {
    const answer = await call(new URL(root), { maxRedirects: 3 });
    if (!ok(answer) || !isJson(answer.headers)) return { answer, index: undefined };
    const index = restIndexSchema.safeParse(answer.body);
    return { answer, index: index.success && index.data.namespaces.includes('wp/v2') ? index.data : undefined };
  };

  return {
    /**
     * Finds the site's REST API: `{site}/wp-json/` first; when that is not the index (Plain
     * permalinks answer the home page there), the root the site announces in its Link header
     * (`/?rest_route=/`). Redirects are followed a few hops, each checked again. A site without
     * the API, or without application passwords, gets a sentence that says what to fix.
     */
    async discover(site: string): Promise<WordPressSite> {
      let apiRoot = defaultApiRoot(site);
      const first = await readIndex(apiRoot);
      let index = first.index;
      if (!index) {
        const announced =
          apiRootFromLink(first.answer.headers) ??
          apiRootFromLink((await call(new URL(`${site}/`), { maxRedirects: 3 })).headers);
        if (announced && announced !== apiRoot && sameSiteRoot(announced, site)) {
          apiRoot = announced;
          ({ index } = await readIndex(apiRoot));
        }
      }
      if (!index) {
        throw invalid(wordpressSentences.notWordPress(site), [
          { path: 'website', message: wordpressSentences.notWordPress(site) },
        ]);
      }
      const auth = authenticationSchema.safeParse(index.authentication);
      const authorize = auth.success ? auth.data['application-passwords']?.endpoints?.authorization : undefined;
      let authorizeUrl: string | undefined;
      if (authorize) {
        const parsed = new URL(authorize, site);
        // The approval page must be the site's own: the user types their WordPress login there.
        if (parsed.origin === new URL(site).origin && /^https?:$/.test(parsed.protocol)) authorizeUrl = parsed.href;
      }
      return { url: site, name: index.name?.trim() || new URL(site).host, apiRoot, authorizeUrl };
    },

    /** The authorize-application page with our app's name, fixed id and return addresses. */
    authorizeApplicationUrl(input: {
      authorizeUrl: string;
      appName: string;
      appId: string;
      successUrl: string;
      rejectUrl: string;
    }): string {
      const url = new URL(input.authorizeUrl);
      url.searchParams.set('app_name', input.appName);
      url.searchParams.set('app_id', input.appId);
      url.searchParams.set('success_url', input.successUrl);
      url.searchParams.set('reject_url', input.rejectUrl);
      return url.href;
    },

    /** WordPress.com's consent page for one blog. */
    wpcomAuthorizeUrl(input: { clientId: string; redirectUri: string; state: string; blog: string }): string {
      const url = new URL(`${config.wordpressCom}/oauth2/authorize`);
      url.searchParams.set('client_id', input.clientId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'global');
      url.searchParams.set('blog', input.blog);
      url.searchParams.set('state', input.state);
      return url.href;
    },

    /** WordPress.com's code exchange: the token comes with the blog it is for. */
    async wpcomExchange(input: {
      clientId: string;
      clientSecret: string;
      redirectUri: string;
      code: string;
    }): Promise<{ accessToken: string; blogId: string; blogUrl: string }> {
      const answer = await call(new URL(`${config.wordpressCom}/oauth2/token`), {
        method: 'POST',
        form: {
          client_id: input.clientId,
          client_secret: input.clientSecret,
          redirect_uri: input.redirectUri,
          code: input.code,
          grant_type: 'authorization_code',
        },
      });
      const body = z
        .object({ access_token: z.string(), blog_id: z.union([z.string(), z.number()]), blog_url: z.string() })
        .safeParse(answer.body);
      if (!ok(answer) || !body.success) throw classifyWordPressError(answer);
      return { accessToken: body.data.access_token, blogId: String(body.data.blog_id), blogUrl: body.data.blog_url };
    },

    /**
     * Who the credentials sign in as (`users/me?context=edit`), proving the password works, with
     * the user's roles and capabilities: connect refuses a role that may not publish (a
     * Contributor) or upload, with a sentence that says so, rather than fail at publish time.
     */
    async me(creds: WordPressCredentials): Promise<{ id: number; name: string }> {
      const me = await rest(creds, '/users/me', { query: { context: 'edit' } }, meSchema, contextOf(creds, 'connect'));
      const can = me.capabilities;
      if (can && creds.kind === 'application-password') {
        if (!can.publish_posts) {
          throw invalid(wordpressSentences.cannotPublish(creds.userLogin, creds.siteUrl, me.roles ?? []));
        }
        if (!can.upload_files) throw invalid(wordpressSentences.cannotUpload(creds.userLogin, creds.siteUrl));
      }
      return { id: me.id, name: me.name ?? '' };
    },

    /** The uuid of the application password the credentials sign in with (WordPress 5.7+), or undefined. */
    async passwordUuid(creds: WordPressCredentials): Promise<string | undefined> {
      if (creds.kind !== 'application-password') return undefined;
      try {
        return (
          await rest(
            creds,
            '/users/me/application-passwords/introspect',
            {},
            introspectSchema,
            contextOf(creds, 'connect'),
          )
        ).uuid;
      } catch (error) {
        if (error instanceof PlatformError) return undefined;
        throw error;
      }
    },

    /**
     * Revokes the application password on the site (`DELETE users/me/application-passwords/{uuid}`),
     * as Disconnect must: WordPress refuses a second password of the same name, and a forgotten
     * one would keep working. One already revoked (a 401 or 404) is done.
     */
    async revokePassword(creds: WordPressCredentials): Promise<'revoked' | 'gone' | 'unknown'> {
      if (creds.kind !== 'application-password' || !creds.passwordUuid) return 'unknown';
      try {
        await rest(
          creds,
          `/users/me/application-passwords/${encodeURIComponent(creds.passwordUuid)}`,
          { method: 'DELETE' },
          z.object({ deleted: z.boolean() }),
          contextOf(creds, 'publish'),
        );
        return 'revoked';
      } catch (error) {
        if (error instanceof PlatformError && (error.failure === 'expired' || /HTTP 404/.test(error.detail ?? ''))) {
          return 'gone';
        }
        throw error;
      }
    },

    /** The site's categories and tags (the first hundred of each, by name): what a post may be filed under. */
    async terms(creds: WordPressCredentials): Promise<{ categories: WordPressTerm[]; tags: WordPressTerm[] }> {
      const list = (route: '/categories' | '/tags') =>
        rest(
          creds,
          route,
          { query: { per_page: '100', orderby: 'name', order: 'asc', _fields: 'id,name,parent,count' } },
          z.array(termSchema),
          contextOf(creds, 'publish'),
        );
      const [categories, tags] = await Promise.all([list('/categories'), list('/tags')]);
      return { categories, tags };
    },

    /**
     * The media item we uploaded under `slug` (a name we chose, unique to the post and file),
     * read from the site: after an answer that never came, or a publish tried again, the file is
     * found by what we set, never by the name WordPress may have made of the file's.
     */
    async findMedia(creds: WordPressCredentials, slug: string): Promise<WordPressMediaItem | undefined> {
      const found = await rest(
        creds,
        '/media',
        { query: { slug, context: 'edit', per_page: '5' } },
        z.array(mediaSchema),
        contextOf(creds, 'publish'),
      );
      return found[0];
    },

    /**
     * Uploads a file (`POST /wp/v2/media`, its bytes as the body) with what we control as
     * query arguments: the slug it is found by, its title and alt text. Answers WordPress's
     * own record of it: its id, the address it is served at, and its kind (`image` or `file`).
     */
    async uploadMedia(
      creds: WordPressCredentials,
      file: WordPressMedia,
      meta: { slug: string; title: string; altText: string },
    ): Promise<WordPressMediaItem> {
      return rest(
        creds,
        '/media',
        {
          method: 'POST',
          query: { slug: meta.slug, title: meta.title, alt_text: meta.altText },
          headers: {
            'content-type': file.contentType,
            'content-disposition': `attachment; filename="${dispositionName(file.filename)}"`,
          },
          bytes: file.bytes,
        },
        mediaSchema,
        contextOf(creds, 'publish', true),
      );
    },

    /** Attaches a media item to its post (the media library's "Uploaded to"): `featured_media` alone does not. */
    async attachMedia(creds: WordPressCredentials, mediaId: number, postId: number): Promise<void> {
      await rest(
        creds,
        `/media/${mediaId}`,
        { method: 'POST', json: { post: postId } },
        mediaSchema,
        contextOf(creds, 'publish', true),
      );
    },

    /**
     * Creates the post, published (`POST /wp/v2/posts`). Not retried here: a create whose
     * outcome is unknown is for the publishing workflow to look up (`findPost`) first.
     */
    async createPost(
      creds: WordPressCredentials,
      post: { title: string; html: string; featuredMedia?: number; categories?: number[]; tags?: number[] },
    ): Promise<PublishedWordPressPost> {
      const created = await rest(
        creds,
        '/posts',
        {
          method: 'POST',
          json: {
            title: post.title,
            content: post.html,
            status: 'publish',
            ...(post.featuredMedia ? { featured_media: post.featuredMedia } : {}),
            ...(post.categories?.length ? { categories: post.categories } : {}),
            ...(post.tags?.length ? { tags: post.tags } : {}),
          },
        },
        postSchema,
        contextOf(creds, 'publish'),
      );
      return { id: created.id, link: created.link ?? '' };
    },

    /**
     * Publishes a blog post: its file (already on the site, or uploaded now), the post created
     * with the file as its featured image when WordPress says it is an image (`media_type`), in
     * the body when it is a video, then the file attached to the post (`post`), which a featured
     * image alone does not do.
     */
    async publishPost(
      creds: WordPressCredentials,
      post: {
        title: string;
        html: string;
        categories?: number[];
        tags?: number[];
        media?: WordPressMedia[];
        uploaded?: WordPressMediaItem;
      },
    ): Promise<PublishedWordPressPost> {
      const [file] = post.media ?? [];
      const uploaded =
        post.uploaded ??
        (file
          ? await this.uploadMedia(creds, file, {
              slug: uploadSlug(),
              title: file.filename.replace(/\.[^.]*$/, ''),
              altText: '',
            })
          : undefined);
      const image = uploaded?.media_type === 'image';
      const video = uploaded && !image && (uploaded.mime_type ?? file?.contentType ?? '').startsWith('video/');
      const created = await this.createPost(creds, {
        title: post.title,
        html: video ? `${videoBlock(uploaded.source_url)}\n${post.html}` : post.html,
        featuredMedia: image ? uploaded.id : undefined,
        categories: post.categories,
        tags: post.tags,
      });
      if (uploaded && uploaded.post !== created.id) await this.attachMedia(creds, uploaded.id, created.id);
      return created;
    },

    /**
     * Looks for the post `createPost` may have made since `since` (less the clock slack):
     * `GET /wp/v2/posts` with `search`, `after` (ISO 8601), the statuses a create can leave
     * (`publish`, or `future`/`draft` when the site holds it back), `context=edit` for the raw
     * title and content, newest first. Answers it, or undefined when it is not there.
     */
    async findPost(
      creds: WordPressCredentials,
      post: { title: string; html: string },
      since: Date,
    ): Promise<PublishedWordPressPost | undefined> {
      const search = searchTerms(post.title, post.html);
      const listed = await rest(
        creds,
        '/posts',
        {
          query: {
            ...(search ? { search } : {}),
            after: new Date(since.getTime() - CLOCK_SLACK_MS).toISOString(),
            status: 'publish,future,draft',
            context: 'edit',
            orderby: 'date',
            order: 'desc',
            per_page: '20',
          },
        },
        z.array(postSchema),
        contextOf(creds, 'publish'),
      );
      const match = listed.find((p) => isSamePost(p, post, since));
      return match ? { id: match.id, link: match.link ?? '' } : undefined;
    },

    /**
     * How many approved comments a post has: `GET /wp/v2/comments?post=<id>&status=approve`,
     * one comment's id a page, the count in WordPress's `X-WP-Total` header. A post the site
     * does not have answers 0, as WordPress does (its list is empty).
     */
    async approvedComments(creds: WordPressCredentials, postId: string): Promise<number> {
      const answer = await restAnswer(
        creds,
        '/comments',
        { query: { post: postId, status: 'approve', per_page: '1', _fields: 'id' } },
        z.array(z.object({ id: z.number() })),
        contextOf(creds, 'publish'),
      );
      const total = totalSchema.safeParse(answer.headers['x-wp-total']);
      if (!total.success) throw platformError.unavailable('wordpress', '/comments: no X-WP-Total');
      return total.data;
    },
  };
}
