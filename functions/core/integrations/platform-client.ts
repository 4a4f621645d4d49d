import type { SocialPlatform } from '@shared/schemas/integrations';
import type { PlatformConfig } from './platform-config';

/** What a connection keeps secret; encrypted before it reaches the table. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** ISO times; absent when the platform does not say (a page token that does not expire). */
  expiresAt?: string;
  refreshExpiresAt?: string;
}

/** The account that granted access: a Facebook user, a Threads user, a LinkedIn member. */
export interface PlatformAccount {
  id: string;
  name: string;
}

/** A page, business account, organisation or profile posts can go to, with its own token if it has one. */
export interface PublishTarget {
  id: string;
  name: string;
  accessToken?: string;
}

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * One platform's OAuth 2.0 code flow and the calls the apps tab needs. The publishing issue
 * adds its calls to the same modules.
 */
export interface PlatformClient {
  platform: SocialPlatform;
  /** Whether the platform's authorization endpoint takes a PKCE code_challenge (S256). */
  pkce: boolean;
  authorizeUrl(input: { creds: AppCredentials; redirectUri: string; state: string; codeChallenge?: string }): string;
  /** The code exchange, then the long-lived token where the platform has one. */
  exchangeCode(input: {
    creds: AppCredentials;
    redirectUri: string;
    code: string;
    codeVerifier?: string;
  }): Promise<TokenSet>;
  account(tokens: TokenSet): Promise<PlatformAccount>;
  /** What the user may publish to (empty for Threads: the account itself). */
  targets(tokens: TokenSet, account: PlatformAccount): Promise<PublishTarget[]>;
  /** A fresh token before expiry; absent where the platform has none (Facebook, Instagram: reconnect). */
  refresh?(tokens: TokenSet, creds: AppCredentials): Promise<TokenSet>;
}

export type ClientFactory = (config: PlatformConfig) => PlatformClient;

export const expiresIn = (seconds: number | undefined, now = Date.now()) =>
  seconds && seconds > 0 ? new Date(now + seconds * 1000).toISOString() : undefined;
