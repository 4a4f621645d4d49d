import { config, type PlatformSetting } from '../config';
/**
 * Where each platform's consent pages and APIs live, and which API versions we speak: all
 * configuration, read at call time. Versions are retired on the platforms' schedules
 * (LinkedIn answers 426 to a sunset version), so they are never literals in the clients.
 * PLATFORM_SANDBOX_ORIGIN (the embedded runtime) points every base at the loopback sandbox.
 */
export interface PlatformConfig {
  facebookWww: string;
  graphApi: string;
  graphVersion: string;
  threadsWww: string;
  threadsApi: string;
  threadsVersion: string;
  linkedinWww: string;
  linkedinApi: string;
  linkedinVersion: string;
  timeoutMs: number;
  /** Google's consent page (accounts.google.com), token, tokeninfo and revoke (oauth2.googleapis.com). */
  googleAccounts: string;
  googleOAuth: string;
  /** www.googleapis.com: the userinfo endpoint and Search Console's webmasters/v3. */
  googleApis: string;
  /** The Business Profile's account management API and its business information API (locations). */
  googleBusinessAccounts: string;
  googleBusinessInformation: string;
  /** The Google My Business API v4 (mybusiness.googleapis.com): a location's reviews and media. */
  googleMyBusiness: string;
  /** The Places API (New): autocomplete for a listing's service areas, with its own API key. */
  googlePlaces: string;
  googlePlacesApiKey?: string;
  /** WordPress.com's OAuth and REST API (public-api.wordpress.com). */
  wordpressCom: string;
}

const env = (name: PlatformSetting) => config.platformSetting(name);

export function platformConfig(): PlatformConfig {
  const sandbox = env('PLATFORM_SANDBOX_ORIGIN');
  const base = (name: PlatformSetting, real: string, sandboxPath: string) =>
    (env(name) ?? (sandbox ? `${sandbox}${sandboxPath}` : real)).replace(/\/$/, '');
  return {
    facebookWww: base('FACEBOOK_WWW_BASE', 'https://www.facebook.com', '/facebook-www'),
    graphApi: base('GRAPH_API_BASE', 'https://graph.facebook.com', '/graph'),
    graphVersion: env('FACEBOOK_GRAPH_VERSION') ?? 'v21.0',
    threadsWww: base('THREADS_WWW_BASE', 'https://threads.net', '/threads-www'),
    threadsApi: base('THREADS_API_BASE', 'https://graph.threads.net', '/threads-api'),
    threadsVersion: env('THREADS_API_VERSION') ?? 'v1.0',
    linkedinWww: base('LINKEDIN_WWW_BASE', 'https://www.linkedin.com', '/linkedin-www'),
    linkedinApi: base('LINKEDIN_API_BASE', 'https://api.linkedin.com', '/linkedin-api'),
    linkedinVersion: env('LINKEDIN_API_VERSION') ?? '202411',
    timeoutMs: Number(env('PLATFORM_TIMEOUT_MS') ?? 10_000),
    googleAccounts: base('GOOGLE_ACCOUNTS_BASE', 'https://accounts.google.com', '/google-accounts'),
    googleOAuth: base('GOOGLE_OAUTH_BASE', 'https://oauth2.googleapis.com', '/google-oauth2'),
    googleApis: base('GOOGLE_APIS_BASE', 'https://www.googleapis.com', '/google-apis'),
    googleBusinessAccounts: base(
      'GOOGLE_BUSINESS_ACCOUNTS_BASE',
      'https://mybusinessaccountmanagement.googleapis.com',
      '/google-business-accounts',
    ),
    googleBusinessInformation: base(
      'GOOGLE_BUSINESS_INFORMATION_BASE',
      'https://mybusinessbusinessinformation.googleapis.com',
      '/google-business-information',
    ),
    googleMyBusiness: base('GOOGLE_MY_BUSINESS_BASE', 'https://mybusiness.googleapis.com', '/google-my-business'),
    googlePlaces: base('GOOGLE_PLACES_BASE', 'https://places.googleapis.com', '/google-places'),
    googlePlacesApiKey: env('GOOGLE_PLACES_API_KEY'),
    wordpressCom: base('WORDPRESS_COM_BASE', 'https://public-api.wordpress.com', '/wpcom'),
  };
}
