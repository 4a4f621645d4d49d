import { isWordPressCom } from '@shared/wordpress-site';
import { conflict, fieldError } from '../errors';
import { credentials as oauthCredentials } from '../oauth/providers';
import { createConnectState, type ConnectState } from './connect-state';
import type { Connection } from './connection-entity';
import { saveConnection, withConnection } from './connection-store';
import { platformConfig } from './platform-config';
import {
  wordpressClient,
  wordpressCredentialsSchema,
  wordpressSentences,
  type PublishedWordPressPost,
  type WordPressCredentials,
  type WordPressMedia,
} from './wordpress-client';

/** Groups every application password this app creates in the user's WordPress profile. */
export const WORDPRESS_APP_ID = '6b3e7f2a-4c1d-4e8b-9a55-0f3d2c1b7a90';
export const WORDPRESS_APP_NAME = 'Marketing Automation';

const client = () => wordpressClient(platformConfig());

/**
 * Starts a connect for the site the user named: WordPress.com sites go to WordPress.com's
 * consent page; a self-hosted site's REST index is read (through the safe fetcher) for its
 * authorize-application page, where the user approves an application password for us.
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
  const url = client().authorizeApplicationUrl({
    authorizeUrl: found.authorizeUrl,
    appName: WORDPRESS_APP_NAME,
    appId: WORDPRESS_APP_ID,
    successUrl: back.href,
    rejectUrl: back.href,
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

export const WORDPRESS_WRONG_SITE =
  'WordPress answered for a different site than the one you connected. Please connect again.';

/**
 * Finishes a connect: an application password is checked against the site (`users/me`) before
 * it is kept; a WordPress.com code is exchanged for a token for the blog the user named.
 */
export async function finishWordPressConnect(
  saved: ConnectState,
  answer: { siteUrl?: string; userLogin?: string; password?: string; code?: string; callbackUrl: string },
): Promise<Connection> {
  const site = saved.site ?? '';
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
    creds = { kind: 'application-password', siteUrl: site, userLogin: answer.userLogin, password: answer.password };
  }
  const me = await client().me(creds);
  return saveConnection({
    companyId: saved.companyId,
    platform: 'wordpress',
    account: { id: String(me.id), name: me.name || (creds.kind === 'application-password' ? creds.userLogin : '') },
    profile: { id: site, name: saved.siteName ?? new URL(site).host },
    secrets: creds,
  });
}

/**
 * A call to the company's WordPress site for the publishing workflow, with the connection's
 * credentials. A 401 (the user revoked the application password) marks the connection for
 * reconnecting, whichever call met it.
 */
const withSite = <T>(companyId: number, call: (creds: WordPressCredentials) => Promise<T>): Promise<T> =>
  withConnection(companyId, 'wordpress', wordpressCredentialsSchema, (_connection, creds) => call(creds));

/** Publishes a blog post to the company's WordPress site (with an image it already holds, when given). */
export const publishToWordPress = (
  companyId: number,
  post: { title: string; html: string; media?: WordPressMedia[]; featuredMediaId?: number },
): Promise<PublishedWordPressPost> => withSite(companyId, (creds) => client().publishPost(creds, post));

/** The file an earlier attempt uploaded to the company's site since `since`, if it is there. */
export const findMediaOnWordPress = (
  companyId: number,
  file: { filename: string; contentType: string },
  since: Date,
): Promise<number | undefined> => withSite(companyId, (creds) => client().findMedia(creds, file, since));

/** The company's post on its site made since `since` with this title and content, if there is one. */
export const findOnWordPress = (companyId: number, page: { title: string; html: string }, since: Date) =>
  withSite(companyId, (creds) => client().findPost(creds, page, since));
