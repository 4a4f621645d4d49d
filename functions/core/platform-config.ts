import { config, type PlatformSetting } from './config';

/** An API version we speak, with the date the platform stops serving it. */
export interface ApiVersion {
  /** The setting that overrides it (FACEBOOK_GRAPH_VERSION...). */
  setting: PlatformSetting;
  version: string;
  /** YYYY-MM-DD (LinkedIn: YYYY-MM, the month of the release). */
  released: string;
  /** YYYY-MM-DD the version is sunset (expires), or null when the platform has announced none. */
  sunset: string | null;
  /** Where the dates are published, and when they were read. */
  source: string;
  /** What the dates rest on, where they are not read off the source as they are. */
  assumption?: string;
}

/**
 * The API versions we speak and their sunsets, in one table: the clients' defaults come from it,
 * and tests/unit/platform-api-versions.test.ts fails once a version is within 90 days of its
 * sunset, so a version is moved on before the platform stops answering it (LinkedIn refuses a
 * sunset version; Graph serves the oldest live one instead, silently changing its answers).
 * docs/platforms/*.md give the reasons.
 */
export const API_VERSIONS = {
  graph: {
    setting: 'FACEBOOK_GRAPH_VERSION',
    version: 'v25.0',
    released: '2026-02-18',
    sunset: '2028-07-29',
    source: 'developers.facebook.com/docs/graph-api/changelog/versions (read December 2026)',
  },
  threads: {
    setting: 'THREADS_API_VERSION',
    version: 'v1.0',
    released: '2024-06-18',
    sunset: null,
    source: 'developers.facebook.com/docs/threads (read December 2026): v1.0 is the only version, no sunset announced',
  },
  linkedin: {
    setting: 'LINKEDIN_API_VERSION',
    version: '202611',
    released: '2026-11',
    sunset: '2027-11-15',
    source: 'learn.microsoft.com/linkedin/marketing/integrations/migrations (read December 2026)',
    assumption:
      'Not yet listed when read: released monthly, each version lives at least a year (202411 sunset 2025-11-17, 202511 on 2026-11-16), so November 2026 ends mid-November 2027; check the migrations table and set the date it gives.',
  },
} as const satisfies Record<string, ApiVersion>;

/**
 * Where each platform's consent pages and APIs live, and which API versions we speak: all
 * configuration, read at call time. Versions are retired on the platforms' schedules, so they
 * are never literals in the clients: their defaults are API_VERSIONS.
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
    graphVersion: env('FACEBOOK_GRAPH_VERSION') ?? API_VERSIONS.graph.version,
    threadsWww: base('THREADS_WWW_BASE', 'https://threads.net', '/threads-www'),
    threadsApi: base('THREADS_API_BASE', 'https://graph.threads.net', '/threads-api'),
    threadsVersion: env('THREADS_API_VERSION') ?? API_VERSIONS.threads.version,
    linkedinWww: base('LINKEDIN_WWW_BASE', 'https://www.linkedin.com', '/linkedin-www'),
    linkedinApi: base('LINKEDIN_API_BASE', 'https://api.linkedin.com', '/linkedin-api'),
    linkedinVersion: env('LINKEDIN_API_VERSION') ?? API_VERSIONS.linkedin.version,
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
