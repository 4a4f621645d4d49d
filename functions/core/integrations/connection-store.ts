import { z } from 'zod';
import { PLATFORM_LABELS, type IntegrationStatus, type SocialPlatform } from '@shared/schemas/integrations';
import { notFound } from '../errors';
import { log } from '../log';
import { connections, type Connection } from './connection-entity';
import type { PlatformAccount, PublishTarget, TokenSet } from './platform-client';
import { PlatformError } from './platform-error';
import { platformClient } from './platforms';
import { cancelRefresh, refreshTarget, scheduleRefresh } from './refresh-schedule';
import { keys } from '../table/keys';
import { tokenCrypto } from './token-crypto';

/** What `tokens` decrypts to: the account's tokens and the chosen page's own token, if it has one. */
const secretsSchema = z.object({
  user: z.object({
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    expiresAt: z.string().optional(),
    refreshExpiresAt: z.string().optional(),
  }),
  target: z.string().optional(),
});
export type ConnectionSecrets = z.infer<typeof secretsSchema>;

const context = (companyId: number, platform: SocialPlatform) => ({ companyId: String(companyId), platform });

export const notConnected = (platform: SocialPlatform) =>
  notFound(`${PLATFORM_LABELS[platform]} is not connected. Connect it from the apps page.`);

async function seal(companyId: number, platform: SocialPlatform, secrets: ConnectionSecrets): Promise<string> {
  return tokenCrypto().encrypt(JSON.stringify(secrets), context(companyId, platform));
}

export async function openSecrets(connection: Connection): Promise<ConnectionSecrets> {
  const text = await tokenCrypto().decrypt(connection.tokens, context(connection.companyId, connection.platform));
  return secretsSchema.parse(JSON.parse(text));
}

export const getConnection = (companyId: number, platform: SocialPlatform) =>
  connections.get(keys.integration(companyId, platform), { consistent: true });

/**
 * Stores a fresh connection (a new consent replaces the old one, and with it any
 * "reconnect" mark). A platform with a single choice gets it chosen at once.
 */
export async function saveConnection(
  companyId: number,
  platform: SocialPlatform,
  account: PlatformAccount,
  tokens: TokenSet,
  targets: PublishTarget[],
): Promise<Connection> {
  const only = targets.length === 1 ? targets[0] : undefined;
  const profile =
    platform === 'threads'
      ? { id: account.id, name: account.name }
      : only
        ? { id: only.id, name: only.name }
        : undefined;
  const previous = await getConnection(companyId, platform);
  const connection: Connection = {
    companyId,
    platform,
    status: 'connected',
    account,
    profile,
    tokens: await seal(companyId, platform, { user: tokens, target: only?.accessToken }),
    expiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    connectedAt: new Date().toISOString(),
    version: (previous?.version ?? 0) + 1,
  };
  connection.refreshArmedFor = await scheduleRefresh(connection);
  await connections.put(connection);
  return connection;
}

/**
 * Marks a connection that can no longer be refreshed; the apps tab then says to reconnect.
 * Workflow steps pass `fromRefresh`: the refresh job's schedule already fired, and the publishing
 * workers may not touch schedules (a pending refresh that fires finds the mark and stops);
 * elsewhere the pending refresh is dropped.
 */
export async function markReconnect(
  companyId: number,
  platform: SocialPlatform,
  message: string,
  options: { fromRefresh?: boolean } = {},
): Promise<void> {
  await connections.update(keys.integration(companyId, platform), {
    status: 'reconnect',
    message,
    refreshArmedFor: '',
  });
  if (!options.fromRefresh) await cancelRefresh(companyId, platform);
}

/** New tokens from a refresh; the chosen page's token is kept. The caller arms the next refresh. */
export async function storeRefreshed(connection: Connection, tokens: TokenSet): Promise<Connection | undefined> {
  const secrets = await openSecrets(connection);
  return connections.update(keys.integration(connection.companyId, connection.platform), {
    tokens: await seal(connection.companyId, connection.platform, { ...secrets, user: tokens }),
    expiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt ?? connection.refreshExpiresAt,
    refreshedAt: new Date().toISOString(),
    refreshArmedFor: '',
  });
}

/**
 * Arms the refresh schedule when the connection's target moved since it was armed (a refresh
 * stored new tokens, or the schedule fired). The refresh job calls it when it is done (with
 * `notBefore` after an outage: the next try waits); the integrations routes that read a
 * connection call it too, a safety net should a job have ended before it could.
 */
export async function armRefresh(
  connection: Connection | undefined,
  options: { force?: boolean; notBefore?: number } = {},
): Promise<void> {
  if (connection?.status !== 'connected') return;
  const target = refreshTarget(connection)?.toISOString() ?? '';
  if (!options.force && connection.refreshArmedFor === target) return;
  const armed = await scheduleRefresh(connection, Date.now(), options.notBefore);
  await connections.update(keys.integration(connection.companyId, connection.platform), { refreshArmedFor: armed });
}

export function statusOf(connection: Connection | undefined): IntegrationStatus {
  if (!connection) return { connected: false };
  if (connection.status === 'reconnect') {
    return {
      connected: false,
      reconnect: true,
      message: connection.message,
      ...(connection.profile ? { profile: connection.profile } : {}),
    };
  }
  return { connected: true, ...(connection.profile ? { profile: connection.profile } : {}) };
}

/**
 * A platform call with the connection's tokens. A dead token marks the connection for
 * reconnecting before the error reaches the user.
 */
async function withConnection<T>(
  companyId: number,
  platform: SocialPlatform,
  call: (connection: Connection, secrets: ConnectionSecrets) => Promise<T>,
): Promise<T> {
  const connection = await getConnection(companyId, platform);
  if (!connection) throw notConnected(platform);
  if (connection.status === 'reconnect') {
    throw new PlatformError(platform, 'expired', connection.message ?? `Reconnect ${PLATFORM_LABELS[platform]}.`);
  }
  try {
    return await call(connection, await openSecrets(connection));
  } catch (error) {
    if (error instanceof PlatformError && error.failure === 'expired') {
      log('warn', 'platform token expired', { platform, companyId, detail: error.detail });
      await markReconnect(companyId, platform, error.message);
    }
    throw error;
  }
}

/** The pages, business accounts or profiles the connected account may publish to. */
export const listProfiles = (companyId: number, platform: SocialPlatform) =>
  withConnection(companyId, platform, async (connection, secrets) => {
    const targets = await platformClient(platform).targets(secrets.user, connection.account);
    return targets.map(({ id, name }) => ({ id, name }));
  });

/** Chooses where posts go; the choice must be one the platform lists for this account now. */
export const chooseProfile = (companyId: number, platform: SocialPlatform, id: string) =>
  withConnection(companyId, platform, async (connection, secrets) => {
    const targets = await platformClient(platform).targets(secrets.user, connection.account);
    const chosen = targets.find((t) => t.id === id);
    if (!chosen) throw notFound(`This page or profile is not one your ${PLATFORM_LABELS[platform]} account manages.`);
    const next = await connections.update(keys.integration(companyId, platform), {
      profile: { id: chosen.id, name: chosen.name },
      tokens: await seal(companyId, platform, { user: secrets.user, target: chosen.accessToken }),
    });
    return statusOf(next);
  });

/** Forgets the connection, its tokens and its refresh schedule. */
export async function disconnect(companyId: number, platform: SocialPlatform): Promise<void> {
  await connections.delete(keys.integration(companyId, platform));
  await cancelRefresh(companyId, platform);
}
