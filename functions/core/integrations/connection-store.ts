import { z } from 'zod';
import {
  CONNECTION_LABELS,
  isSocialPlatform,
  PLATFORM_LABELS,
  PROFILE_PLATFORMS,
  type ConnectedPlatform,
  type IntegrationStatus,
  type SocialPlatform,
} from '@shared/schemas/integrations';
import { conflict, notFound } from '../errors';
import { log } from '../log';
import { keys } from '../table/keys';
import { storedConnections, toConnection, type Connection } from './connection-entity';
import { googleClient, googleTokensSchema, isGooglePlatform } from './google-client';
import type { PlatformAccount, PublishTarget, TokenSet } from './platform-client';
import { platformConfig } from '../platform-config';
import { PlatformError, platformSentences } from './platform-error';
import { platformClient } from './platforms';
import { missingScope } from './platform-scopes';
import { cancelRefresh, isSocialConnection, refreshTarget, scheduleRefresh } from './refresh-schedule';
import { tokenCrypto } from './token-crypto';

/**
 * The one store of connections, whatever the platform: read, saved, marked for reconnecting,
 * called with, and forgotten the same way. Platform modules (google-connection,
 * wordpress-connection, search-console-store, business) add only what their platform needs.
 */

/** What a social connection's secrets open to: the account's tokens and the chosen page's own token. */
export const socialSecretsSchema = z.object({
  user: z.object({
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    expiresAt: z.string().optional(),
    refreshExpiresAt: z.string().optional(),
  }),
  target: z.string().optional(),
});
export type SocialSecrets = z.infer<typeof socialSecretsSchema>;

const context = (companyId: number, platform: ConnectedPlatform) => ({ companyId: String(companyId), platform });
const key = (companyId: number, platform: ConnectedPlatform) => keys.integration(companyId, platform);

export const notConnected = (platform: ConnectedPlatform) =>
  notFound(`${CONNECTION_LABELS[platform]} is not connected. Connect it from the apps page.`);

export const sealSecrets = (companyId: number, platform: ConnectedPlatform, secrets: unknown) =>
  tokenCrypto().encrypt(JSON.stringify(secrets), context(companyId, platform));

/** The connection's secrets, parsed with the platform's schema (a social connection's by default). */
export async function openSecrets(connection: Connection): Promise<SocialSecrets>;
export async function openSecrets<T>(connection: Connection, schema: z.ZodType<T>): Promise<T>;
export async function openSecrets(connection: Connection, schema: z.ZodType = socialSecretsSchema): Promise<unknown> {
  const text = await tokenCrypto().decrypt(connection.secrets, context(connection.companyId, connection.platform));
  return schema.parse(JSON.parse(text));
}

/**
 * The connection as stored; a social connection that lacks a scope a feature needs (made before
 * the feature asked for it, or with a permission declined) is marked for reconnecting on the
 * way, with the sentence naming the feature, so the apps tab and publishing say so at once.
 */
export async function getConnection(companyId: number, platform: ConnectedPlatform): Promise<Connection | undefined> {
  const stored = await storedConnections.get(key(companyId, platform), { consistent: true });
  return stored ? checkedScopes(toConnection(stored)) : undefined;
}

/**
 * Marks a connected social connection that lacks a scope. Its refresh schedule is left to fire
 * and find the mark (any caller may read a connection, publishing workers included, and those
 * may not touch schedules).
 */
async function checkedScopes(connection: Connection): Promise<Connection> {
  if (connection.status !== 'connected' || !isSocialPlatform(connection.platform)) return connection;
  const message = missingScope(connection.platform, connection.scopes, connection.profile?.id);
  if (!message) return connection;
  log('info', 'connection lacks a scope', { platform: connection.platform, companyId: connection.companyId });
  const marked = await updateConnection(connection.companyId, connection.platform, {
    status: 'reconnect',
    message,
    refreshArmedFor: '',
  });
  return marked ?? connection;
}

export async function updateConnection(
  companyId: number,
  platform: ConnectedPlatform,
  fields: Partial<Connection>,
): Promise<Connection | undefined> {
  const stored = await storedConnections.update(key(companyId, platform), fields);
  return stored ? toConnection(stored) : undefined;
}

/**
 * What the caller does when a social platform becomes collectable (connected with its page
 * chosen): the reports arm the company's first collection (reports/metrics-schedule.ts's
 * armFirstCollection). Integrations know no reports, so the one who stores the connection hands it in.
 */
export type ArmCollection = (companyId: number) => Promise<void>;

/**
 * Stores a fresh connection: a new consent replaces the old one, and with it any "reconnect"
 * mark (the whole item is written in today's shape). A social connection's refresh is armed,
 * and its report collection through `armCollection`, before the item is written: an arm that
 * fails leaves no connection that nothing collects.
 */
export async function saveConnection(input: {
  companyId: number;
  platform: ConnectedPlatform;
  account: { id: string; name: string };
  profile?: { id: string; name: string };
  secrets: unknown;
  expiresAt?: string;
  refreshExpiresAt?: string;
  scopes?: string[];
  /** Stored marked for reconnecting, with this sentence (a consent that granted too little). */
  reconnect?: string;
  /** A social connection's: its report collection, armed once it has its page. */
  armCollection?: ArmCollection;
}): Promise<Connection> {
  const previous = await storedConnections.get(key(input.companyId, input.platform), { consistent: true });
  const connection: Connection = {
    companyId: input.companyId,
    platform: input.platform,
    status: input.reconnect ? 'reconnect' : 'connected',
    account: input.account,
    profile: input.profile,
    secrets: await sealSecrets(input.companyId, input.platform, input.secrets),
    expiresAt: input.expiresAt,
    refreshExpiresAt: input.refreshExpiresAt,
    connectedAt: new Date().toISOString(),
    ...(input.reconnect ? { message: input.reconnect } : {}),
    ...(input.scopes ? { scopes: input.scopes } : {}),
    version: (previous?.version ?? 0) + 1,
  };
  if (isSocialConnection(connection) && !input.reconnect) {
    connection.refreshArmedFor = await scheduleRefresh(connection);
    // The company's report collection: its first run (a 30-day backfill) soon, then daily. A
    // connection still to choose its page has nothing to collect yet: the choice arms it.
    if (connection.profile) await input.armCollection?.(input.companyId);
  }
  await storedConnections.put(connection);
  return connection;
}

/** The connections that work on one page, profile or account of several the user may have. */
const CHOOSING: ReadonlySet<ConnectedPlatform> = new Set([...PROFILE_PLATFORMS, 'google-my-business']);

/**
 * Whether the connection still waits for its page, profile or account to be chosen (the
 * account offered several): it publishes nowhere until then, so the apps tab asks first.
 */
export const needsChoice = (connection: Connection | undefined) =>
  connection?.status === 'connected' && !connection.profile && CHOOSING.has(connection.platform);

/**
 * A social platform's consent: the account, its tokens, and its single page or profile chosen at
 * once. A consent that granted less than the features need is kept marked for reconnecting, and
 * its sentence is the connect's answer (the apps tab shows it). A page known at once arms the
 * company's report collection (`armCollection`).
 */
export async function saveSocialConnection(
  companyId: number,
  platform: SocialPlatform,
  account: PlatformAccount,
  tokens: TokenSet,
  targets: PublishTarget[],
  armCollection: ArmCollection,
): Promise<Connection> {
  const only = targets.length === 1 ? targets[0] : undefined;
  const profile =
    platform === 'threads'
      ? { id: account.id, name: account.name }
      : only
        ? { id: only.id, name: only.name }
        : undefined;
  const { scopes, ...user } = tokens;
  const missing = missingScope(platform, scopes, profile?.id);
  const saved = await saveConnection({
    companyId,
    platform,
    account,
    profile,
    secrets: { user, target: only?.accessToken } satisfies SocialSecrets,
    expiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    scopes,
    reconnect: missing,
    armCollection,
  });
  if (missing) throw conflict(missing);
  return saved;
}

/**
 * Marks a connection that no longer works; its status then says to reconnect, with `message`.
 * A social connection's pending refresh is dropped, except from workflow steps (`fromRefresh`):
 * the refresh job's schedule already fired, and the publishing workers may not touch schedules
 * (a pending refresh that fires finds the mark and stops). Other platforms have no schedule.
 */
export async function markReconnect(
  companyId: number,
  platform: ConnectedPlatform,
  message: string,
  options: { fromRefresh?: boolean } = {},
): Promise<void> {
  const social = isSocialPlatform(platform);
  await updateConnection(companyId, platform, {
    status: 'reconnect',
    message,
    ...(social ? { refreshArmedFor: '' } : {}),
  });
  if (social && !options.fromRefresh) await cancelRefresh(companyId, platform);
}

/** New tokens from a social platform's refresh; the chosen page's token is kept. The caller arms the next refresh. */
export async function storeRefreshed(connection: Connection, refreshed: TokenSet): Promise<Connection | undefined> {
  const secrets = await openSecrets(connection);
  const { scopes, ...tokens } = refreshed;
  return updateConnection(connection.companyId, connection.platform, {
    secrets: await sealSecrets(connection.companyId, connection.platform, { ...secrets, user: tokens }),
    ...(scopes ? { scopes } : {}),
    expiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt ?? connection.refreshExpiresAt,
    refreshedAt: new Date().toISOString(),
    refreshArmedFor: '',
  });
}

/**
 * Arms the refresh schedule of a social connection when its target moved since it was armed (a
 * refresh stored new tokens, or the schedule fired). The refresh job calls it when it is done
 * (with `notBefore` after an outage: the next try waits); the status route calls it too, a
 * safety net should a job have ended before it could.
 */
export async function armRefresh(
  connection: Connection | undefined,
  options: { force?: boolean; notBefore?: number } = {},
): Promise<void> {
  if (connection?.status !== 'connected' || !isSocialConnection(connection)) return;
  const target = refreshTarget(connection)?.toISOString() ?? '';
  if (!options.force && connection.refreshArmedFor === target) return;
  const armed = await scheduleRefresh(connection, Date.now(), options.notBefore);
  await updateConnection(connection.companyId, connection.platform, { refreshArmedFor: armed });
}

/** Spec 01 §3: connected, with its profile (page, site, property); or to reconnect, with the sentence to show. */
export function statusOf(connection: Connection | undefined): IntegrationStatus {
  if (!connection) return { connected: false };
  const profile = connection.profile ? { profile: connection.profile } : {};
  if (connection.status === 'reconnect') {
    return {
      connected: false,
      reconnect: true,
      message: connection.message ?? platformSentences.expired(connection.platform),
      ...profile,
    };
  }
  return { connected: true, ...profile };
}

/**
 * A call to the platform with the connection and its secrets. A connection already marked says
 * to reconnect; a dead token or password met on the way marks it before the error goes up.
 */
export async function withConnection<T, S>(
  companyId: number,
  platform: ConnectedPlatform,
  schema: z.ZodType<S>,
  call: (connection: Connection, secrets: S) => Promise<T>,
): Promise<T> {
  const connection = await getConnection(companyId, platform);
  if (!connection) throw notConnected(platform);
  if (connection.status === 'reconnect') {
    throw new PlatformError(platform, 'expired', connection.message ?? platformSentences.expired(platform));
  }
  try {
    return await call(connection, await openSecrets(connection, schema));
  } catch (error) {
    if (error instanceof PlatformError && error.failure === 'expired') {
      log('warn', 'platform connection expired', { platform, companyId, detail: error.detail });
      await markReconnect(companyId, platform, error.message);
    }
    throw error;
  }
}

/** The pages, business accounts or profiles the connected social account may publish to. */
export const listProfiles = (companyId: number, platform: SocialPlatform) =>
  withConnection(companyId, platform, socialSecretsSchema, async (connection, secrets) => {
    const targets = await platformClient(platform).targets(secrets.user, connection.account);
    return targets.map(({ id, name }) => ({ id, name }));
  });

/**
 * Chooses where posts go; the choice must be one the platform lists for this account now. A
 * connection that then works arms the company's report collection (`armCollection`).
 */
export const chooseProfile = (companyId: number, platform: SocialPlatform, id: string, armCollection: ArmCollection) =>
  withConnection(companyId, platform, socialSecretsSchema, async (connection, secrets) => {
    const targets = await platformClient(platform).targets(secrets.user, connection.account);
    const chosen = targets.find((t) => t.id === id);
    if (!chosen) throw notFound(`This page or profile is not one your ${PLATFORM_LABELS[platform]} account manages.`);
    const next = await updateConnection(companyId, platform, {
      profile: { id: chosen.id, name: chosen.name },
      secrets: await sealSecrets(companyId, platform, { user: secrets.user, target: chosen.accessToken }),
    });
    // A LinkedIn page and a member profile need different scopes: checked for the one chosen.
    const checked = next && (await checkedScopes(next));
    // Its figures from now on: the collection that ran before the choice had no page to read.
    if (checked?.status === 'connected') await armCollection(companyId);
    return statusOf(checked);
  });

/**
 * Forgets the connection and its secrets; idempotent. A social connection's refresh schedule
 * goes with it; a Google grant is revoked at Google too (best effort).
 */
export async function disconnect(companyId: number, platform: ConnectedPlatform): Promise<void> {
  if (isGooglePlatform(platform)) {
    const connection = await getConnection(companyId, platform);
    if (!connection) return;
    try {
      const tokens = await openSecrets(connection, googleTokensSchema);
      await googleClient(platformConfig(), platform).revoke(tokens.refreshToken ?? tokens.accessToken);
    } catch (error) {
      log('warn', 'google revoke failed', { platform, companyId, error: (error as Error).message });
    }
  }
  await storedConnections.delete(key(companyId, platform));
  if (isSocialPlatform(platform)) await cancelRefresh(companyId, platform);
}
