import { randomBytes } from 'node:crypto';
import type { WordPressTermsList } from '@shared/schemas/integrations';
import { isWordPressCom } from '@shared/wordpress-site';
import { getCompany } from '../companies/company-store';
import { conflict, DomainError, fieldError } from '../errors';
import { log } from '../log';
import { credentials as oauthCredentials } from '../oauth/providers';
import { createConnectState, type ConnectState } from './connect-state';
import type { Connection } from './connection-entity';
import {
  disconnect,
  getConnection,
  openSecrets,
  saveConnection,
  sealSecrets,
  updateConnection,
  withConnection,
} from './connection-store';
import { platformConfig } from '../platform-config';
import { PublishRefused, type Publisher } from './platform-client';
import { PlatformError } from './platform-error';
import {
  wordpressClient,
  wordpressCredentialsSchema,
  wordpressSentences,
  type WordPressCredentials,
  type WordPressTerm,
} from './wordpress-client';

/** Groups every application password this app creates in the user's WordPress profile. */
export const WORDPRESS_APP_ID = '6b3e7f2a-4c1d-4e8b-9a55-0f3d2c1b7a90';
const WORDPRESS_APP_NAME = 'Marketing Automation';

/**
 * The name of one connection's application password. WordPress refuses a second password of
 * the same name for a user on its own page, where the user is then stuck, so each connect asks
 * for a new one: the company (what the user recognises in their profile) and a short random id.
 */
export function wordpressAppName(companyName: string | undefined): string {
  const company = (companyName ?? '')
    .replace(/[<>&"'%\\\r\n\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  const id = randomBytes(4).toString('hex').slice(0, 6);
  return `${WORDPRESS_APP_NAME} (${company ? `${company} ` : ''}${id})`;
}

const client = () => wordpressClient(platformConfig());

/**
 * Starts a connect for the site the user named: WordPress.com sites go to WordPress.com's
 * consent page; a self-hosted site's REST API is found (through the safe fetcher, wherever its
 * permalinks put it) for its authorize-application page, where the user approves an
 * application password named for this connection. The refusal comes back to an address of its
 * own (`success=false`): WordPress sends the browser to `reject_url` as it is.
 */
export async function startWordPressConnect(input: {
  site: string;
  companyId: number;
  userId: number;
  callbackUrl: string;
}): Promise<{ url: string; state: string }> {
  const { site, companyId, userId, callbackUrl } = input;
  if (isWordPressCom(site)) {
    const creds = await oauthCredentials('wordpress');
    if (!creds) throw conflict('Connecting WordPress.com is not set up yet.');
    const state = await createConnectState({ platform: 'wordpress', companyId, userId, site });
    const url = client().wpcomAuthorizeUrl({
      clientId: creds.clientId,
      redirectUri: callbackUrl,
      state,
      blog: new URL(site).host,
    });
    return { url, state };
  }
  const found = await client().discover(site);
  if (!found.authorizeUrl) throw fieldError('website', wordpressSentences.noApplicationPasswords(site));
  const state = await createConnectState({ platform: 'wordpress', companyId, userId, site, siteName: found.name });
  const back = new URL(callbackUrl);
  back.searchParams.set('state', state);
  const refused = new URL(back);
  refused.searchParams.set('success', 'false');
  const url = client().authorizeApplicationUrl({
    authorizeUrl: found.authorizeUrl,
    appName: wordpressAppName((await getCompany(companyId))?.name),
    appId: WORDPRESS_APP_ID,
    successUrl: back.href,
    rejectUrl: refused.href,
  });
  return { url, state };
}

/** The site WordPress says it approved for must be the site the user started with. */
const sameSite = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

const WORDPRESS_WRONG_SITE =
  'WordPress answered for a different site than the one you connected. Please connect again.';

/** Revokes an application password on its site, best effort: the site may be down, or the password gone. */
async function revokeQuietly(creds: WordPressCredentials, companyId: number, why: string) {
  try {
    const outcome = await client().revokePassword(creds);
    if (outcome === 'unknown') log('warn', 'wordpress password not revoked: its uuid is unknown', { companyId, why });
  } catch (error) {
    log('warn', 'wordpress password revoke failed', { companyId, why, error: (error as Error).message });
  }
}

/** The connection's credentials, when it has readable ones. */
async function storedCredentials(companyId: number): Promise<WordPressCredentials | undefined> {
  const connection = await getConnection(companyId, 'wordpress');
  if (!connection) return undefined;
  try {
    return await openSecrets(connection, wordpressCredentialsSchema);
  } catch {
    return undefined;
  }
}

/**
 * Finishes a connect: an application password is checked against the site (`users/me` with
 * the user's capabilities: a role that may not publish is refused here, with a sentence, and
 * its new password revoked) and its uuid read (so Disconnect can revoke it) before it is kept;
 * a WordPress.com code is exchanged for a token for the blog the user named. A reconnect
 * revokes the password it replaces.
 */
export async function finishWordPressConnect(
  saved: ConnectState,
  answer: {
    siteUrl?: string;
    userLogin?: string;
    password?: string;
    code?: string;
    error?: string;
    callbackUrl: string;
  },
): Promise<Connection> {
  const site = saved.site ?? '';
  if (answer.error === 'disabled') throw conflict(wordpressSentences.passwordsUnavailable(site));
  let creds: WordPressCredentials;
  // The flow is the one the connect chose for this site, whatever parameters the return carries.
  if (isWordPressCom(site)) {
    if (!answer.code) throw conflict('WordPress.com did not send a code.');
    const app = await oauthCredentials('wordpress');
    if (!app) throw conflict('Connecting WordPress.com is not set up yet.');
    const token = await client().wpcomExchange({
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      redirectUri: answer.callbackUrl,
      code: answer.code,
    });
    if (!sameSite(token.blogUrl, site)) throw conflict(WORDPRESS_WRONG_SITE);
    creds = { kind: 'wpcom', siteUrl: site, blogId: token.blogId, accessToken: token.accessToken };
  } else {
    if (!answer.siteUrl || !answer.userLogin || !answer.password) throw conflict('WordPress did not send a password.');
    if (!sameSite(answer.siteUrl, site)) throw conflict(WORDPRESS_WRONG_SITE);
    const { apiRoot } = await client().discover(site);
    creds = {
      kind: 'application-password',
      siteUrl: site,
      userLogin: answer.userLogin,
      password: answer.password,
      apiRoot,
    };
  }
  let me: { id: number; name: string };
  try {
    me = await client().me(creds);
  } catch (error) {
    // The password works but may not publish: it is of no use, and should not stay in the profile.
    if (!(error instanceof PlatformError) && creds.kind === 'application-password') {
      creds.passwordUuid = await client().passwordUuid(creds);
      await revokeQuietly(creds, saved.companyId, 'role refused at connect');
    }
    throw error;
  }
  if (creds.kind === 'application-password') creds.passwordUuid = await client().passwordUuid(creds);
  const previous = await storedCredentials(saved.companyId);
  const connection = await saveConnection({
    companyId: saved.companyId,
    platform: 'wordpress',
    account: { id: String(me.id), name: me.name || (creds.kind === 'application-password' ? creds.userLogin : '') },
    profile: { id: site, name: saved.siteName ?? new URL(site).host },
    secrets: creds,
  });
  if (
    previous?.kind === 'application-password' &&
    creds.kind === 'application-password' &&
    previous.passwordUuid !== creds.passwordUuid
  ) {
    await revokeQuietly(previous, saved.companyId, 'replaced by a reconnect');
  }
  return connection;
}

/**
 * A call to the company's WordPress site with the connection's credentials. A refused password
 * marks the connection for reconnecting, whichever call met it. When the site moved its REST
 * API (its permalinks changed) the client follows the site's Link header and points the
 * credentials there: the new root is stored for the next calls.
 */
export const withWordPressSite = <T>(
  companyId: number,
  call: (creds: WordPressCredentials) => Promise<T>,
): Promise<T> =>
  withConnection(companyId, 'wordpress', wordpressCredentialsSchema, async (_connection, creds) => {
    const before = creds.kind === 'application-password' ? creds.apiRoot : undefined;
    const storeMoved = async () => {
      if (creds.kind !== 'application-password' || creds.apiRoot === before) return;
      log('info', 'wordpress api root moved', { companyId, apiRoot: creds.apiRoot });
      await updateConnection(companyId, 'wordpress', { secrets: await sealSecrets(companyId, 'wordpress', creds) });
    };
    try {
      const result = await call(creds);
      await storeMoved();
      return result;
    } catch (error) {
      await storeMoved();
      throw error;
    }
  });

/** The blog post's file, as publishing hands it over. */
export interface BlogFile {
  /** What we name the upload on the site, to find it again: unique to the post and the file. */
  slug: string;
  filename: string;
  contentType: string;
  title: string;
  altText: string;
  read: () => Promise<Uint8Array>;
}

/** A blog post as WordPress takes it (publishing/wordpress-request.ts makes it of the post): HTML title and content. */
export interface BlogPost {
  companyId: number;
  title: string;
  html: string;
  categories: number[];
  tags: number[];
  file?: BlogFile;
}

/**
 * A call of the publisher with the site's credentials, its errors classified as the social
 * platforms' are: a `PlatformError` goes up as it is (a transient one is waited out, and after
 * an outage the post is looked up first); any other refusal (not connected, an address the safe
 * fetcher refuses, a file gone from the library) is a `PublishRefused` with its sentence.
 */
const publishing = async <T>(companyId: number, call: (creds: WordPressCredentials) => Promise<T>): Promise<T> => {
  try {
    return await withWordPressSite(companyId, call);
  } catch (error) {
    if (error instanceof DomainError && !(error instanceof PlatformError)) throw new PublishRefused(error.message);
    throw error;
  }
};

/** The post's file on the site: an earlier attempt's upload, found by the slug we gave it. */
const uploadedFile = (creds: WordPressCredentials, post: BlogPost) =>
  post.file ? client().findMedia(creds, post.file.slug) : Promise.resolve(undefined);

/**
 * WordPress behind the publishers' interface (platform-client.ts), like each social platform:
 * nothing to prepare (the file goes up with the post, so a blog post is created in the
 * workflow's first step); `create` uploads the file unless an earlier attempt's upload is found
 * by its slug (so no attempt uploads it twice), creates the post with it (an image as the
 * featured image, a video in the body) and attaches it; `find`, after an unknown outcome or on a
 * claim taken over, looks the post up on the site (GET /wp/v2/posts with search and after) and
 * attaches the file to the one found, which is then recorded instead of made twice.
 */
export const wordpressPublisher: Publisher<BlogPost> = {
  check: () => undefined,
  prepare: () => Promise.resolve({}),
  advance: (_post, progress) => Promise.resolve({ state: 'ready', progress }),
  create: (post) =>
    publishing(post.companyId, async (creds) => {
      let uploaded = await uploadedFile(creds, post);
      if (!uploaded && post.file) {
        const { slug, title, altText, filename, contentType } = post.file;
        uploaded = await client().uploadMedia(
          creds,
          { filename, contentType, bytes: await post.file.read() },
          { slug, title, altText },
        );
      }
      const published = await client().publishPost(creds, { ...post, uploaded });
      return { externalId: String(published.id), permalink: published.link || null };
    }),
  find: (post, since) =>
    publishing(post.companyId, async (creds) => {
      const found = await client().findPost(creds, post, since);
      if (!found) return undefined;
      const media = await uploadedFile(creds, post);
      if (media && media.post !== found.id) await client().attachMedia(creds, media.id, found.id);
      return { externalId: String(found.id), permalink: found.link || null };
    }),
};

/** The site's categories and tags, read live: a post is filed under the site's own. */
export const wordpressTerms = (companyId: number): Promise<WordPressTermsList> =>
  withWordPressSite(companyId, async (creds) => {
    const { categories, tags } = await client().terms(creds);
    const term = ({ id, name, parent }: WordPressTerm) => ({ id, name, ...(parent ? { parent } : {}) });
    return { categories: categories.map(term), tags: tags.map(term) };
  });

/**
 * Disconnect: the application password is revoked on the site (WordPress would otherwise keep
 * it working, and refuse the next connect's password if it had the same name), then the
 * connection forgotten. A site that cannot be reached is forgotten all the same, and logged.
 */
export async function disconnectWordPress(companyId: number): Promise<void> {
  const creds = await storedCredentials(companyId);
  if (creds) await revokeQuietly(creds, companyId, 'disconnect');
  await disconnect(companyId, 'wordpress');
}
