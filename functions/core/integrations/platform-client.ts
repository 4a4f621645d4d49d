import type { SocialPlatform } from '@shared/schemas/integrations';
import type { PlatformConfig } from '../platform-config';

/** What a connection keeps secret; encrypted before it reaches the table. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** ISO times; absent when the platform does not say (a page token that does not expire). */
  expiresAt?: string;
  refreshExpiresAt?: string;
  /**
   * The scopes the platform says it granted (Meta's /me/permissions, LinkedIn's token answer);
   * absent where it does not say. Kept on the connection, outside its secrets.
   */
  scopes?: string[];
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

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * One platform's OAuth 2.0 code flow, the calls the apps tab needs, and publishing.
 */
export interface PlatformClient {
  platform: SocialPlatform;
  /** Whether the platform's authorization endpoint takes a PKCE code_challenge (S256). */
  pkce: boolean;
  authorizeUrl(input: { creds: ClientCredentials; redirectUri: string; state: string; codeChallenge?: string }): string;
  /** The code exchange, then the long-lived token where the platform has one. */
  exchangeCode(input: {
    creds: ClientCredentials;
    redirectUri: string;
    code: string;
    codeVerifier?: string;
  }): Promise<TokenSet>;
  account(tokens: TokenSet): Promise<PlatformAccount>;
  /** What the user may publish to (empty for Threads: the account itself). */
  targets(tokens: TokenSet, account: PlatformAccount): Promise<PublishTarget[]>;
  /** A fresh token before expiry; absent where the platform has none (Facebook, Instagram: reconnect). */
  refresh?(tokens: TokenSet, creds: ClientCredentials): Promise<TokenSet>;
  /** Publishing a post (see Publisher). */
  publisher: Publisher;
  /** The audience figures of the chosen page or account per day (the reports, functions/core/reports). */
  insights(request: InsightsRequest): Promise<Insights>;
}

/** What the reports ask a platform: the chosen page or account's figures over UTC days, both included. */
export interface InsightsRequest {
  tokens: TokenSet;
  /** The page's own token where the platform has one (Facebook pages). */
  targetToken?: string;
  /** The page, business account, Threads user or LinkedIn organization URN. */
  targetId: string;
  from: string;
  to: string;
}

/** One day's figures as the platform reported them; what it does not report is left out. */
export interface InsightsDay {
  date: string;
  /** Followers gained that day. */
  followers?: number;
  likes?: number;
  comments?: number;
  shares?: number;
  /** Followers at the end of the day. */
  totalFollowers?: number;
}

export interface Insights {
  days: InsightsDay[];
  /** The audience size now, for platforms that give no daily totals (it ends the last day asked). */
  currentFollowers?: number;
}

/** The UTC day of an ISO instant; Graph's `+0000` offsets are read as `+00:00`. */
export const utcDay = (iso: string) =>
  new Date(Date.parse(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))).toISOString().slice(0, 10);

/** Adds up figures per day: a post's likes and comments counted on the day it was made. */
export function addToDay(days: Map<string, InsightsDay>, date: string, figures: Omit<InsightsDay, 'date'>) {
  const day = days.get(date) ?? { date };
  for (const [name, value] of Object.entries(figures) as [keyof Omit<InsightsDay, 'date'>, number | undefined][]) {
    if (value === undefined || !Number.isFinite(value)) continue;
    day[name] = (day[name] ?? 0) + value;
  }
  days.set(date, day);
}

export type ClientFactory = (config: PlatformConfig) => PlatformClient;

export const expiresIn = (seconds: number | undefined, now = Date.now()) =>
  seconds && seconds > 0 ? new Date(now + seconds * 1000).toISOString() : undefined;

/** A file of the post as a platform gets it: a public address to fetch, or its bytes to upload. */
export interface PublishMedia {
  kind: 'image' | 'video';
  /** A presigned GET the platform fetches (Instagram, Threads, Facebook photos). */
  url: string;
  contentType: string;
  /** The bytes, for platforms that take an upload (LinkedIn). */
  read(): Promise<Buffer>;
}

/** One post to publish, with the connection's tokens and the chosen page or profile. */
export interface PublishRequest {
  tokens: TokenSet;
  /** The page's own token where the platform has one (Facebook pages). */
  targetToken?: string;
  /** The page, business account, Threads user or LinkedIn author URN. */
  targetId: string;
  text: string;
  media: PublishMedia[];
}

/**
 * What is prepared on the platform before the post is created (containers, uploaded photos or
 * images): small JSON the workflow carries between its steps.
 */
export interface PublishProgress {
  /** Instagram/Threads item containers (a carousel's children, or the single container). */
  items?: string[];
  /** A carousel's parent container, once its children are ready. */
  parent?: string;
  /** Facebook unpublished photo ids / LinkedIn image URNs, in order. */
  uploaded?: string[];
}

type AdvanceResult =
  | { state: 'ready'; progress: PublishProgress }
  | { state: 'waiting'; progress: PublishProgress }
  | { state: 'failed'; message: string };

export interface PublishedPost {
  externalId: string;
  permalink: string | null;
}

/** A sentence the user must act on (not connected, a file gone): the workflow ends the post `failed` with it. */
export class PublishRefused extends Error {
  override name = 'PublishRefused';
}

/**
 * Publishing in steps the workflow can wait between and retry safely: `prepare` and `advance`
 * create nothing anyone sees (containers, unpublished uploads); `create` makes the post, the
 * one call whose outcome may be unknown; `find` looks for a post made since a time with this
 * text, so an unknown outcome (or a run that took over a claim) is checked on the platform
 * before `create` runs again. Every step fails with a `PlatformError` (transient ones are
 * waited out and, after an outage, looked up) or a `PublishRefused`. `R` is what the platform
 * takes: a social post with the connection's tokens (PublishRequest), or a blog post
 * (WordPress: integrations/wordpress-connection.ts).
 */
export interface Publisher<R = PublishRequest> {
  /** A post's first comment, on the platforms that take one (Facebook, Instagram, LinkedIn). */
  comment?: Commenter;
  /** Refuses what the platform's live API refuses although the spec's rule allows it. */
  check(request: R): void;
  prepare(request: R): Promise<PublishProgress>;
  advance(request: R, progress: PublishProgress): Promise<AdvanceResult>;
  create(request: R, progress: PublishProgress): Promise<PublishedPost>;
  find(request: R, since: Date): Promise<PublishedPost | undefined>;
}

/**
 * A first comment under a published post (`postId`: the post's external id). As with the post,
 * `create` is the call whose outcome may be unknown, and `find` looks for a comment with this
 * text made since a time, so the comment is never posted twice.
 */
export interface Commenter {
  create(request: PublishRequest, postId: string, text: string): Promise<{ externalId: string }>;
  find(request: PublishRequest, postId: string, text: string, since: Date): Promise<{ externalId: string } | undefined>;
}

/** Platforms compare text after trimming and normalising line ends; so does the lookup. */
export const sameText = (a: string | undefined, b: string) =>
  (a ?? '').replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();

/**
 * The authorization request of the OAuth 2.0 code flow (RFC 6749 §4.1.1) at a provider's
 * endpoint, with PKCE (S256) when a challenge is given, and the provider's own parameters.
 */
export function authorizationUrl(
  endpoint: string,
  input: { clientId: string; redirectUri: string; state: string; scope: string; codeChallenge?: string },
  extra: Record<string, string> = {},
): string {
  const url = new URL(endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', input.scope);
  url.searchParams.set('state', input.state);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  if (input.codeChallenge) {
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.href;
}
