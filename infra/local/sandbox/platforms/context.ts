import { createHash, randomBytes } from 'node:crypto';
import type { SandboxApp } from './consent-page';
import type { Call } from '../kit/router';
import type { FailSpec } from './failures';

/**
 * What the platform modules (consent, facebook, instagram, threads, linkedin, control) share: the
 * apps' credentials, the sandbox's origin, and the state it keeps across restarts
 * (sandbox-store.ts; see PlatformSandboxState for its shape on disk).
 */
export interface SandboxClients {
  facebook: { clientId: string; clientSecret: string };
  threads: { clientId: string; clientSecret: string };
  linkedin: { clientId: string; clientSecret: string };
}

export interface Identity {
  app: SandboxApp;
  id: string;
  name: string;
  /**
   * Meta's consent lets the user pick the Pages the app may use: the ids picked, carried by every
   * token made from the consent. Absent when the consent asked nothing of it (a form posted
   * without the page step): every fixture page.
   */
  pages?: string[];
}
export interface Grant {
  identity: Identity;
  redirectUri: string;
  clientId: string;
  codeChallenge?: string;
  scope: string;
  expires: number;
}
export interface Token {
  identity: Identity;
  kind: 'short' | 'long' | 'page' | 'refresh';
  expires: number;
  pageId?: string;
  /**
   * The scopes the consent granted, carried by every token made from it (long-lived, page and
   * refreshed tokens); absent on a token saved before scopes were kept, which is refused nothing.
   */
  scopes?: string[];
  calls: { window: number; count: number };
}

export interface Container {
  app: 'facebook' | 'threads';
  owner: string;
  status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR';
  polls: number;
  text: string;
  media: string[];
  /** A carousel's item containers. */
  children: string[];
}

export interface SandboxPost {
  platform: 'facebook' | 'instagram' | 'threads' | 'linkedin';
  /** The page, Instagram account, Threads user or LinkedIn author URN it was published as. */
  owner: string;
  id: string;
  /** As its readers see it. */
  text: string;
  /** As it was sent, where the platform's format differs from what readers see (LinkedIn's little text). */
  source?: string;
  media: string[];
  createdAt: number;
  permalinkPath: string;
}

/** A comment under a published post (a post's first comment). */
export interface SandboxComment {
  platform: 'facebook' | 'instagram' | 'linkedin';
  /** The post's id (Facebook, Instagram) or URN (LinkedIn). */
  postId: string;
  id: string;
  /** Who commented: the page, the Instagram account, or the LinkedIn author URN. */
  actor: string;
  /** As its readers see it. */
  text: string;
  /** As it was sent, where the platform's format differs (LinkedIn's little text). */
  source?: string;
  createdAt: number;
}

export interface SandboxRequestLog {
  at: string;
  platform: string;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface PlatformContext {
  clients: SandboxClients;
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  /** Marks the state changed: it is saved before the answer leaves. */
  changed: () => void;
  /** Consent codes waiting to be redeemed. */
  grants: Map<string, Grant>;
  tokens: Map<string, Token>;
  /** Instagram and Threads media containers: created, polled until FINISHED (or ERROR), then published. */
  containers: Map<string, Container>;
  /** What was published, newest last: the lookups after an unknown outcome and the dev page read it. */
  posts: SandboxPost[];
  /** Comments under published posts, newest last. */
  comments: SandboxComment[];
  /** Facebook photos uploaded with published=false, waiting to be attached to a feed post. */
  unpublishedPhotos: Map<string, { pageId: string; url: string }>;
  /** LinkedIn images: initialized, then their bytes PUT to the upload URL. */
  images: Map<string, { owner: string; bytes: number }>;
  /** Publish times per account, for the rolling 24-hour quotas. */
  published: Map<string, number[]>;
  received: SandboxRequestLog[];
  failures: FailSpec[];
}

/** A call to a platform route. */
export type PlatformCall = Call;

export const newToken = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** A numeric id of `digits` digits derived from `seed` (the platforms' ids are long digit strings). */
export const stableId = (seed: string, digits: number) =>
  BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`)
    .toString()
    .padStart(digits, '7')
    .slice(0, digits);

/** A fresh random id of `digits` digits. */
export const randomId = (digits: number) => stableId(randomBytes(8).toString('hex'), digits);

/** Graph's `fields` selection over an object. */
export const pick = (object: Record<string, unknown>, fields: string | null, fallback = 'id') =>
  Object.fromEntries((fields ?? fallback).split(',').flatMap((f) => (f in object ? [[f, object[f]]] : [])));

/** A list's `limit` (or LinkedIn's `count`): 1 to 100, `fallback` when absent. */
export const pageSize = (value: string | null, fallback: number) =>
  Math.max(1, Math.min(100, Number(value ?? fallback)));
