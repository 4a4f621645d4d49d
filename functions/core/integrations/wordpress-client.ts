import { z } from 'zod';
import { invalid } from '../errors';
import { FetchRefusedError, type FetchRefusal } from '../net';
import type { PlatformConfig } from './platform-config';
import { PlatformError, platformError } from './platform-error';
import { fetchPlatform, retryAfterSeconds, type PlatformReply, type PlatformRequest } from './platform-http';

/** How we call a connected site: an application password (Basic) or a WordPress.com token. */
export type WordPressCredentials =
  | { kind: 'application-password'; siteUrl: string; userLogin: string; password: string }
  | { kind: 'wpcom'; siteUrl: string; blogId: string; accessToken: string };

/** The credentials as sealed in the connection. */
export const wordpressCredentialsSchema: z.ZodType<WordPressCredentials> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('application-password'),
    siteUrl: z.string(),
    userLogin: z.string(),
    password: z.string(),
  }),
  z.object({ kind: z.literal('wpcom'), siteUrl: z.string(), blogId: z.string(), accessToken: z.string() }),
]);

/** What the site's REST index (`GET /wp-json/`) says about it. */
export interface WordPressSite {
  url: string;
  name: string;
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

/** WordPress REST's error shape: `{code, message, data: {status}}`. */
interface WordPressErrorBody {
  code?: string;
  message?: string;
  data?: { status?: number };
}

export const wordpressSentences = {
  notWordPress: (site: string) =>
    `We could not find a WordPress site at ${site}. Check the address, and that the site's REST API is on.`,
  noApplicationPasswords: (site: string) =>
    `${site} does not offer application passwords. It needs WordPress 5.6 or later served over HTTPS, without a plugin that turns them off.`,
  permission: 'Your WordPress user may not publish posts on this site. Connect with an editor or administrator.',
};

/**
 * The site's answer as a user's sentence: 401 means the password was revoked, so reconnect. As
 * for the social platforms, the publish workflow waits out a rate limit (nothing was created,
 * `retryAfterSeconds` is the site's Retry-After) and calls again; an outage, a timeout or a
 * dropped connection is transient too, but a create's outcome is then unknown, so the workflow
 * looks the post up before creating it again.
 */
export function classifyWordPressError(answer: PlatformReply): PlatformError {
  const body = (answer.body ?? {}) as WordPressErrorBody;
  const detail = `HTTP ${answer.status} ${body.code ?? ''}: ${body.message ?? ''}`;
  if (answer.status === 401 || body.code === 'invalid_username' || body.code === 'incorrect_password') {
    return platformError.expired('wordpress', detail);
  }
  if (answer.status === 403) return new PlatformError('wordpress', 'permission', wordpressSentences.permission, detail);
  if (answer.status === 429)
    return platformError.rateLimited('wordpress', retryAfterSeconds(answer.headers, 60), detail);
  if (answer.status >= 500) return platformError.unavailable('wordpress', detail);
  return platformError.rejected('wordpress', detail);
}

/** A post as `GET /wp/v2/posts?context=edit` lists it: only the fields the lookup compares. */
const listedPostSchema = z.object({
  id: z.number(),
  link: z.string().optional(),
  /** The post's date in UTC, without a zone (WordPress's `date_gmt`); null for an undated draft. */
  date_gmt: z.string().nullish(),
  title: z.object({ raw: z.string().optional(), rendered: z.string().optional() }).optional(),
  content: z.object({ raw: z.string().optional(), rendered: z.string().optional() }).optional(),
});
export type ListedPost = z.infer<typeof listedPostSchema>;

/** A media item as `GET /wp/v2/media` lists it: what the lookup after an unknown outcome compares. */
const listedMediaSchema = z.object({
  id: z.number(),
  date_gmt: z.string().nullish(),
  source_url: z.string().optional(),
  mime_type: z.string().optional(),
  /** The post it is attached to (0: none). Setting a featured image attaches nothing. */
  post: z.number().nullish(),
});
export type ListedMedia = z.infer<typeof listedMediaSchema>;

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
export const normaliseText = (s: string) =>
  decodeEntities(s)
    .normalize('NFC')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/…/g, '...')
    .replace(/[–—]|-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** Content compared as its text: tags dropped (wpautop adds paragraphs, kses rewrites `<br>`). */
export const normaliseHtml = (html: string) => normaliseText(html.replace(/<[^>]*>/g, ' '));

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

/**
 * The name WordPress stores an upload under, less its extension (sanitize_file_name, in short):
 * accents removed, whitespace to dashes, characters outside letters, digits, dot, dash and
 * underscore dropped.
 */
export const wordpressFileStem = (filename: string) =>
  filename
    .replace(/\.[^.]*$/, '')
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/-{2,}/g, '-');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a listed media item is the file we uploaded since `since`: stored under the same name
 * (WordPress adds -1, -2… when the name is taken), of the same type, attached to no post.
 */
export function isSameMedia(
  listed: ListedMedia,
  file: { filename: string; contentType: string },
  since: Date,
): boolean {
  const stem = wordpressFileStem(file.filename);
  if (!stem || !listed.source_url) return false;
  if (listed.mime_type !== undefined && listed.mime_type !== file.contentType) return false;
  if (listed.post) return false;
  let stored: string;
  try {
    stored = decodeURIComponent(new URL(listed.source_url).pathname.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
  } catch {
    return false;
  }
  return new RegExp(`^${escapeRegExp(stem)}(-\\d+)?$`, 'i').test(stored) && !madeBefore(listed.date_gmt, since);
}

const ok = (answer: PlatformReply) => answer.status >= 200 && answer.status < 300;

/**
 * The safe fetcher's site failures that may come after the request reached the site: for a
 * create its outcome is unknown. A refused address, DNS, TLS or a too-large answer keep their
 * own sentence: retrying would not change them.
 */
const OUTAGES: ReadonlySet<FetchRefusal> = new Set(['timeout', 'unreachable', 'bad-response']);

/**
 * WordPress sites: discovery of a self-hosted site's REST index and its authorize-application
 * page, the application password's check, WordPress.com's OAuth code exchange, and publishing
 * (REST posts and media). Every address goes through the safe fetcher: the site is the user's.
 */
export function wordpressClient(config: PlatformConfig) {
  /** The site is the user's: a refused address keeps its own sentence. */
  const call = (url: URL, request: PlatformRequest = {}) =>
    fetchPlatform(url, request, { platform: 'wordpress', timeoutMs: config.timeoutMs, keepRefusals: true });
  /** Publishing's calls: a timeout or a dropped connection is an outage the workflow retries (after a lookup). */
  const publishCall = (url: URL, request: PlatformRequest) =>
    call(url, request).catch((error: unknown) => {
      if (error instanceof FetchRefusedError && OUTAGES.has(error.reason)) {
        throw platformError.unavailable('wordpress', `${error.reason}: ${error.message}`);
      }
      throw error;
    });

  /** The REST base of the credentials: the site's /wp-json, or WordPress.com's sites/{id}. */
  const restBase = (creds: WordPressCredentials) =>
    creds.kind === 'wpcom'
      ? `${config.wordpressCom}/wp/v2/sites/${encodeURIComponent(creds.blogId)}`
      : `${creds.siteUrl}/wp-json/wp/v2`;
  const authorization = (creds: WordPressCredentials) =>
    creds.kind === 'wpcom'
      ? `Bearer ${creds.accessToken}`
      : `Basic ${Buffer.from(`${creds.userLogin}:${creds.password}`).toString('base64')}`;

  /**
   * A collection made since `since` (less the clock slack), newest first, as the lookups after an
   * unknown outcome read it: `search` when given, then `filters`. A 200 that is not the list (a
   * proxy's page, a plugin) tells us nothing: it is an outage, to ask again later.
   */
  const listSince = async <T>(
    creds: WordPressCredentials,
    route: 'posts' | 'media',
    query: { search?: string; since: Date; filters?: Record<string, string> },
    schema: z.ZodType<T>,
  ): Promise<T[]> => {
    const url = new URL(`${restBase(creds)}/${route}`);
    if (query.search) url.searchParams.set('search', query.search);
    url.searchParams.set('after', new Date(query.since.getTime() - CLOCK_SLACK_MS).toISOString());
    for (const [name, value] of Object.entries(query.filters ?? {})) url.searchParams.set(name, value);
    url.searchParams.set('orderby', 'date');
    url.searchParams.set('order', 'desc');
    url.searchParams.set('per_page', '20');
    const answer = await publishCall(url, { headers: { authorization: authorization(creds) } });
    if (!ok(answer)) throw classifyWordPressError(answer);
    const listed = z.array(schema).safeParse(answer.body);
    if (!listed.success) {
      throw platformError.unavailable('wordpress', `${route} list not as documented`);
    }
    return listed.data;
  };

  return {
    /**
     * Reads `GET {site}/wp-json/`. Redirects are followed a few hops (http to https, www), each
     * checked again, and must stay on the same site. A site without the REST index, or without
     * application passwords, gets a sentence that says what to fix.
     */
    async discover(site: string): Promise<WordPressSite> {
      const answer = await call(new URL(`${site}/wp-json/`), { maxRedirects: 3 });
      const index = answer.body as
        | {
            name?: string;
            url?: string;
            namespaces?: string[];
            authentication?: { 'application-passwords'?: { endpoints?: { authorization?: string } } };
          }
        | undefined;
      if (!ok(answer) || !index || !Array.isArray(index.namespaces) || !index.namespaces.includes('wp/v2')) {
        throw invalid(wordpressSentences.notWordPress(site), [
          { path: 'website', message: wordpressSentences.notWordPress(site) },
        ]);
      }
      const authorize = index.authentication?.['application-passwords']?.endpoints?.authorization;
      let authorizeUrl: string | undefined;
      if (authorize) {
        const parsed = new URL(authorize, site);
        // The approval page must be the site's own: the user types their WordPress login there.
        if (parsed.origin === new URL(site).origin && /^https?:$/.test(parsed.protocol)) authorizeUrl = parsed.href;
      }
      return { url: site, name: index.name?.trim() || new URL(site).host, authorizeUrl };
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
      const body = answer.body as { access_token?: string; blog_id?: string | number; blog_url?: string } | undefined;
      if (!ok(answer) || !body?.access_token || !body.blog_id || !body.blog_url) throw classifyWordPressError(answer);
      return { accessToken: body.access_token, blogId: String(body.blog_id), blogUrl: body.blog_url };
    },

    /** Who the credentials sign in as (`users/me`): proves the application password works. */
    async me(creds: WordPressCredentials): Promise<{ id: number; name: string }> {
      const answer = await call(new URL(`${restBase(creds)}/users/me?context=edit`), {
        headers: { authorization: authorization(creds) },
      });
      const body = answer.body as { id?: number; name?: string } | undefined;
      if (!ok(answer) || typeof body?.id !== 'number') throw classifyWordPressError(answer);
      return { id: body.id, name: body.name ?? '' };
    },

    /**
     * Publishes a blog post: each file goes up through `POST /wp/v2/media` first (the first
     * becomes the featured image), then `POST /wp/v2/posts` with status publish. Answers the
     * post's id and public link. Not retried here: a post create whose outcome is unknown is
     * for the publishing workflow to look up (`findPost`) before trying again.
     */
    async publishPost(
      creds: WordPressCredentials,
      post: { title: string; html: string; media?: WordPressMedia[]; featuredMediaId?: number },
    ): Promise<PublishedWordPressPost> {
      // An image a first attempt already uploaded (found by `findMedia`) is not sent again.
      const mediaIds: number[] = post.featuredMediaId ? [post.featuredMediaId] : [];
      for (const file of post.featuredMediaId ? [] : (post.media ?? [])) {
        const safeName = file.filename.replace(/["\\\r\n]/g, '_');
        const answer = await publishCall(new URL(`${restBase(creds)}/media`), {
          method: 'POST',
          headers: {
            authorization: authorization(creds),
            'content-type': file.contentType,
            'content-disposition': `attachment; filename="${safeName}"`,
          },
          bytes: file.bytes,
        });
        const body = answer.body as { id?: number } | undefined;
        if (!ok(answer) || typeof body?.id !== 'number') throw classifyWordPressError(answer);
        mediaIds.push(body.id);
      }
      const answer = await publishCall(new URL(`${restBase(creds)}/posts`), {
        method: 'POST',
        headers: { authorization: authorization(creds) },
        json: {
          title: post.title,
          content: post.html,
          status: 'publish',
          ...(mediaIds[0] ? { featured_media: mediaIds[0] } : {}),
        },
      });
      const body = answer.body as { id?: number; link?: string } | undefined;
      if (!ok(answer) || typeof body?.id !== 'number') throw classifyWordPressError(answer);
      return { id: body.id, link: body.link ?? '' };
    },

    /**
     * Looks for the post `publishPost` may have made since `since` (less the clock slack):
     * `GET /wp/v2/posts` with `search`, `after` (ISO 8601), the statuses a create can leave
     * (`publish`, or `future`/`draft` when the site holds it back), `context=edit` for the raw
     * title and content, newest first. Answers its id and link, or undefined when it is not there.
     */
    async findPost(
      creds: WordPressCredentials,
      post: { title: string; html: string },
      since: Date,
    ): Promise<PublishedWordPressPost | undefined> {
      const listed = await listSince(
        creds,
        'posts',
        {
          search: searchTerms(post.title, post.html),
          since,
          filters: { status: 'publish,future,draft', context: 'edit' },
        },
        listedPostSchema,
      );
      const match = listed.find((p) => isSamePost(p, post, since));
      return match ? { id: match.id, link: match.link ?? '' } : undefined;
    },

    /**
     * Looks for the file an earlier `publishPost` may have uploaded since `since` before its post
     * create failed: `GET /wp/v2/media` searched by its stored name, newest first. Answers its id,
     * or undefined; the retry then uploads it (once) instead of leaving a copy behind.
     */
    async findMedia(
      creds: WordPressCredentials,
      file: { filename: string; contentType: string },
      since: Date,
    ): Promise<number | undefined> {
      const stem = wordpressFileStem(file.filename);
      if (!stem) return undefined;
      const listed = await listSince(creds, 'media', { search: stem, since }, listedMediaSchema);
      return listed.find((m) => isSameMedia(m, file, since))?.id;
    },
  };
}

export type WordPressClient = ReturnType<typeof wordpressClient>;
