import { randomUUID } from 'node:crypto';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/schemas/integrations';
import { crawlAddress } from '../audit/company-website';
import { ownsSite, proveSiteOwnership } from '../audit/site-ownership';
import { getCompany } from '../companies/company-store';
import { config } from '../config';
import { log } from '../log';
import { credentials as oauthCredentials } from '../oauth/providers';
import { callbackUrl } from '../integrations/callback-urls';
import { pkcePair } from '../integrations/connect-state';
import { chooseProfile, getConnection, saveSocialConnection } from '../integrations/connection-store';
import {
  BUSINESS_SCOPE,
  googleClient,
  PROFILE_SCOPES,
  SEARCH_CONSOLE_SCOPE,
  type GooglePlatform,
} from '../integrations/google-client';
import { finishGoogleConnect } from '../integrations/google-connection';
import { platformConfig } from '../platform-config';
import { clientCredentials, platformClient } from '../integrations/platforms';
import { chooseWebsite } from '../integrations/search-console-store';
import { wordpressClient } from '../integrations/wordpress-client';
import { finishWordPressConnect, WORDPRESS_APP_ID, wordpressAppName } from '../integrations/wordpress-connection';

/** Every app of the apps tab (`google` is Search Console's Google profile). */
const DEMO_APPS = [...SOCIAL_PLATFORMS, 'wordpress', 'google-my-business', 'google'] as const;

/**
 * A demo's connected apps on the embedded runtime: each social platform, WordPress, Google My
 * Business and Search Console connected to the runtime's stand-ins (Meta, LinkedIn, the
 * WordPress site and Google), through their own consent pages and the same token exchange,
 * checks and store as a visitor's connect, so the apps tab, the business manager (a Business
 * Profile with locations and reviews), Search Console's property chooser and every token
 * refresh work as for any connection. Connecting publishes nothing: a demo's posts are refused
 * at the publisher. Elsewhere there are no stand-ins to connect to: a demo on AWS shows its apps
 * unconnected. A platform already connected is left as it is.
 */
export async function connectDemoApps(companyId: number, userId: number): Promise<number> {
  if (config.runtime !== 'local') return 0;
  let connected = 0;
  for (const platform of DEMO_APPS) {
    try {
      if ((await getConnection(companyId, platform))?.status !== 'connected') {
        await connectApp(companyId, userId, platform);
        connected++;
      }
      if (platform === 'google') await chooseDemoProperty(companyId);
    } catch (error) {
      // A demo without one of its apps is still a demo: the apps tab offers to connect it.
      log('warn', 'demo app not connected', { companyId, platform, error: (error as Error).message });
    }
  }
  return connected;
}

function connectApp(companyId: number, userId: number, platform: (typeof DEMO_APPS)[number]) {
  if (platform === 'wordpress') return connectWordPress(companyId, userId);
  if (platform === 'google' || platform === 'google-my-business') return connectGoogle(companyId, userId, platform);
  return connectSocial(companyId, platform);
}

/** The demo business's name on the stand-ins' consent pages. */
const DEMO_ACCOUNT = 'Harbourside Sourdough';

/** Posts a sandbox consent form as its Allow button does; answers the code from the redirect to our callback. */
async function approve(action: string, consent: URL, fields: string[], extra: [string, string][] = []) {
  const form = new URLSearchParams({ name: DEMO_ACCOUNT, decision: 'allow' });
  for (const field of fields) form.set(field, consent.searchParams.get(field) ?? '');
  for (const [name, value] of extra) form.append(name, value);
  const answer = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '', consent).searchParams.get('code');
  if (answer.status !== 302 || !code) throw new Error(`the sandbox consent answered ${answer.status}`);
  return code;
}

/**
 * A demo's report and post figures are drawn on read from its sample history (reports/demo-metrics.ts),
 * so its connects arm no report collection: what one would store is not what the demo shows.
 */
const noCollection = () => Promise.resolve();

async function connectSocial(companyId: number, platform: SocialPlatform) {
  const creds = await clientCredentials(platform);
  if (!creds) throw new Error('no client credentials');
  const client = platformClient(platform);
  const pkce = client.pkce ? pkcePair() : undefined;
  const redirectUri = callbackUrl(platform);
  const consent = new URL(
    client.authorizeUrl({ creds, redirectUri, state: randomUUID(), codeChallenge: pkce?.challenge }),
  );
  // Instagram's consent is Meta's dialog.
  const app = platform === 'instagram' ? 'facebook' : platform;
  const code = await approve(`${consent.origin}/__sandbox/approve/${app}`, consent, [
    'client_id',
    'redirect_uri',
    'state',
    'scope',
    'code_challenge',
    'code_challenge_method',
  ]);
  const tokens = await client.exchangeCode({ creds, redirectUri, code, codeVerifier: pkce?.verifier });
  const account = await client.account(tokens);
  const targets = await client.targets(tokens, account);
  const saved = await saveSocialConnection(companyId, platform, account, tokens, targets, noCollection);
  // An account with several pages: the demo posts as the first, as a visitor would choose one.
  const [first] = targets;
  if (!saved.profile && first) await chooseProfile(companyId, platform, first.id, noCollection);
}

/** The scopes each Google connection asks, as the connect routes ask them (integrations/google-connection.ts). */
const GOOGLE_SCOPES: Record<GooglePlatform, string> = {
  google: `${PROFILE_SCOPES} ${SEARCH_CONSOLE_SCOPE}`,
  'google-my-business': `${PROFILE_SCOPES} ${BUSINESS_SCOPE}`,
};

async function connectGoogle(companyId: number, userId: number, platform: GooglePlatform) {
  const creds = await oauthCredentials('google');
  if (!creds) throw new Error('no Google client');
  const pkce = pkcePair();
  const redirectUri = callbackUrl(platform);
  const scope = GOOGLE_SCOPES[platform];
  const consent = new URL(
    googleClient(platformConfig(), platform).authorizeUrl({
      creds,
      redirectUri,
      state: randomUUID(),
      scope,
      codeChallenge: pkce.challenge,
    }),
  );
  const code = await approve(
    `${consent.origin}/google-accounts/__approve`,
    consent,
    ['client_id', 'redirect_uri', 'state', 'code_challenge', 'access_type'],
    scope.split(' ').map((s) => ['scope', s]),
  );
  await finishGoogleConnect({ platform, companyId, userId, codeVerifier: pkce.verifier }, code, redirectUri);
}

/**
 * Search Console's property is the demo's website, the runtime's sample site: the demo's Google
 * account verifies it on the stand-in, as the bakery would have in Search Console, and the
 * property is then chosen through the same check as a visitor's choice (one Search Console lists
 * for the account). That property proves the website is the demo's, as it would a visitor's, so
 * the SEO report does not ask a showcase to verify its site. Only the sample site: a website the
 * visitor gave the demo is not theirs to prove through a stand-in (a proven site is audited
 * without the stranger's limits). A property the visitor chose themselves is left as it is.
 */
async function chooseDemoProperty(companyId: number) {
  const company = await getCompany(companyId);
  const property = company?.website ? crawlAddress(company.website) : undefined;
  const sample = config.sampleWebsite ? crawlAddress(config.sampleWebsite) : undefined;
  const connection = await getConnection(companyId, 'google');
  if (!property || property !== sample || connection?.status !== 'connected') return;
  if (!connection.profile) {
    const google = new URL(platformConfig().googleAccounts);
    const verified = await fetch(
      `${google.origin}/__sandbox/google/properties?name=${encodeURIComponent(DEMO_ACCOUNT)}`,
      { method: 'POST', body: JSON.stringify({ siteUrl: property }) },
    );
    if (!verified.ok) throw new Error(`the Google stand-in answered ${verified.status} to the property`);
    await chooseWebsite(companyId, property);
  } else if (connection.profile.id !== property) {
    return;
  }
  if (!(await ownsSite(companyId, property))) await proveSiteOwnership(companyId, property);
}

/** Who the demo approves as on the WordPress stand-in (a login it first sees is an administrator). */
const WORDPRESS_LOGIN = 'harbourside';

/**
 * WordPress as a visitor connects a self-hosted site: its REST API found, its
 * authorize-application page approved for a new application password, and that password
 * checked against the site and stored by the same finish as the callback's.
 */
async function connectWordPress(companyId: number, userId: number) {
  // The WordPress stand-in is a self-hosted site at the platform sandbox's root.
  const site = config.platformSandboxOrigin;
  if (!site) throw new Error('no WordPress stand-in');
  const wp = wordpressClient(platformConfig());
  const found = await wp.discover(site);
  if (!found.authorizeUrl) throw new Error('the WordPress stand-in offers no application passwords');
  const back = callbackUrl('wordpress');
  const authorize = new URL(
    wp.authorizeApplicationUrl({
      authorizeUrl: found.authorizeUrl,
      appName: wordpressAppName((await getCompany(companyId))?.name),
      appId: WORDPRESS_APP_ID,
      successUrl: back,
      rejectUrl: `${back}?success=false`,
    }),
  );
  const form = new URLSearchParams({ action: 'approve', user_login: WORDPRESS_LOGIN });
  for (const field of ['app_name', 'app_id', 'success_url', 'reject_url']) {
    form.set(field, authorize.searchParams.get(field) ?? '');
  }
  const answer = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const approved = new URL(answer.headers.get('location') ?? '', authorize);
  if (answer.status !== 302 || !approved.searchParams.get('password')) {
    throw new Error(`the WordPress stand-in answered ${answer.status}`);
  }
  await finishWordPressConnect(
    { platform: 'wordpress', companyId, userId, site, siteName: found.name },
    {
      siteUrl: approved.searchParams.get('site_url') ?? undefined,
      userLogin: approved.searchParams.get('user_login') ?? undefined,
      password: approved.searchParams.get('password') ?? undefined,
      callbackUrl: back,
    },
  );
}
