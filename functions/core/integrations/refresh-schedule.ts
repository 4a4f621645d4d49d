import { randomUUID } from 'node:crypto';
import { isSocialPlatform, type SocialPlatform } from '@shared/schemas/integrations';
import type { RunJobInput } from '../jobs/job-store';
import { companyScheduleName, scheduler } from '../scheduler/scheduler-port';
import type { Connection } from './connection-entity';

/** Refreshable tokens (Threads, LinkedIn) are refreshed this long before they expire. */
export const REFRESH_LEAD_MS = 7 * 24 * 3600_000;
/** Never sooner than this from now: a token already near its end is refreshed at once, not in a loop. */
const MIN_DELAY_MS = 60_000;

export const REFRESH_JOB_KIND = 'integration-refresh';
const REFRESHABLE: ReadonlySet<SocialPlatform> = new Set(['threads', 'linkedin']);

/** A social platform's connection: the only ones with tokens to refresh, and so with a schedule. */
export type SocialConnection = Connection & { platform: SocialPlatform };
export const isSocialConnection = (connection: Connection): connection is SocialConnection =>
  isSocialPlatform(connection.platform);

/** One schedule per company and platform, named under the company's prefix so the cascade finds it. */
export const refreshScheduleName = (companyId: number, platform: SocialPlatform) =>
  companyScheduleName(companyId, `integration-${platform}`);

/**
 * When to look at a connection again: before expiry for tokens that can be refreshed; at
 * expiry for Meta's (no refresh grant), to mark the connection for reconnecting.
 */
export function refreshTarget(connection: Pick<SocialConnection, 'platform' | 'expiresAt'>): Date | undefined {
  if (!connection.expiresAt) return undefined;
  const expires = Date.parse(connection.expiresAt);
  return new Date(REFRESHABLE.has(connection.platform) ? expires - REFRESH_LEAD_MS : expires);
}

/**
 * Arms the one-time schedule for the connection's refresh target (at least a minute from now,
 * or `notBefore` when later) and answers the target it armed for ('' when there is nothing to
 * refresh). The integrations function arms it on connect; the refresh job arms the next one.
 */
export async function scheduleRefresh(connection: SocialConnection, now = Date.now(), notBefore = 0): Promise<string> {
  const target = refreshTarget(connection);
  const name = refreshScheduleName(connection.companyId, connection.platform);
  if (!target || connection.status !== 'connected') {
    await scheduler().remove(name);
    return '';
  }
  // run-job carries the refresh; its job id names no job item, so nothing is polled or recorded.
  const input: RunJobInput = {
    uuid: `refresh-${randomUUID()}`,
    kind: REFRESH_JOB_KIND,
    companyId: connection.companyId,
    userId: 0,
    input: { platform: connection.platform },
  };
  await scheduler().upsert({
    name,
    at: new Date(Math.max(target.getTime(), now + MIN_DELAY_MS, notBefore)),
    workflow: 'run-job',
    input,
  });
  return target.toISOString();
}

export const cancelRefresh = (companyId: number, platform: SocialPlatform) =>
  scheduler().remove(refreshScheduleName(companyId, platform));
