import { invalid } from '../errors';
import { AppError, appCall, appSentences, type AppAnswer } from './app-http';
import type { PlatformConfig } from './platform-config';

/** How we call a connected site: an application password (Basic) or a WordPress.com token. */
export type WordPressCredentials =
  | { kind: 'application-password'; siteUrl: string; userLogin: string; password: string }
  | { kind: 'wpcom'; siteUrl: string; blogId: string; accessToken: string };

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

/** The remote's answer as a user's sentence: 401 means the password was revoked, so reconnect. */
export function classifyWordPressError(answer: AppAnswer): AppError {
  const body = (answer.body ?? {}) as WordPressErrorBody;
  const detail = `HTTP ${answer.status} ${body.code ?? ''}: ${body.message ?? ''}`;
  if (answer.status === 401 || body.code === 'invalid_username' || body.code === 'incorrect_password') {
    return new AppError('wordpress', 'expired', appSentences.expired('wordpress'), detail);
  }
  if (answer.status === 403) return new AppError('wordpress', 'permission', wordpressSentences.permission, detail);
  if (answer.status === 429)
    return new AppError('wordpress', 'rate-limited', appSentences.rateLimited('wordpress'), detail);
  if (answer.status >= 500)
    return new AppError('wordpress', 'unavailable', appSentences.unavailable('wordpress'), detail);
  return new AppError('wordpress', 'rejected', appSentences.rejected('wordpress'), detail);
}

const ok = (answer: AppAnswer) => answer.status >= 200 && answer.status < 300;

/**
 * WordPress sites: discovery of a self-hosted site's REST index and its authorize-application
 * page, the application password's check, WordPress.com's OAuth code exchange, and publishing
 * (REST posts and media). Every address goes through the safe fetcher: the site is the user's.
 */
export function wordpressClient(config: PlatformConfig) {
  const call = (url: URL, request: Parameters<typeof appCall>[1] = {}) =>
    appCall(url, request, 'wordpress', config.timeoutMs);

  /** The REST base of the credentials: the site's /wp-json, or WordPress.com's sites/{id}. */
  const restBase = (creds: WordPressCredentials) =>
    creds.kind === 'wpcom'
      ? `${config.wordpressCom}/wp/v2/sites/${encodeURIComponent(creds.blogId)}`
      : `${creds.siteUrl}/wp-json/wp/v2`;
  const authorization = (creds: WordPressCredentials) =>
    creds.kind === 'wpcom'
      ? `Bearer ${creds.accessToken}`
      : `Basic ${Buffer.from(`${creds.userLogin}:${creds.password}`).toString('base64')}`;

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
     * for the publishing workflow to look up before trying again.
     */
    async publishPost(
      creds: WordPressCredentials,
      post: { title: string; html: string; media?: WordPressMedia[] },
    ): Promise<PublishedWordPressPost> {
      const mediaIds: number[] = [];
      for (const file of post.media ?? []) {
        const safeName = file.filename.replace(/["\\\r\n]/g, '_');
        const answer = await call(new URL(`${restBase(creds)}/media`), {
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
      const answer = await call(new URL(`${restBase(creds)}/posts`), {
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
  };
}

export type WordPressClient = ReturnType<typeof wordpressClient>;
