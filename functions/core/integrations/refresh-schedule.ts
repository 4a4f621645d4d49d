import { randomUUID } from 'node:crypto';
import type { SocialPlatform } from '@shared/schemas/integrations';
import type { RunJobInput } from '../jobs/job-store';
import { companyScheduleName, scheduler } from '../scheduler/scheduler-port';
import type { Connection } from './connection-entity';

/** Refreshable tokens (Threads, LinkedIn) are refreshed this long before they expire. */
export const REFRESH_LEAD_MS = 7 * 24 * 3600_000;
/** Never sooner than this from now: a token already near its end is refreshed at once, not in a loop. */
const MIN_DELAY_MS = 60_000;

export const REFRESH_JOB_KIND = 'integration-refresh';
export const REFRESHABLE: ReadonlySet<SocialPlatform> = new Set(['threads', 'linkedin']);

/** One schedule per company and platform, named under the company's prefix so the cascade finds it. */
export const refreshScheduleName = (companyId: number, platform: SocialPlatform) =>
  companyScheduleName(companyId, `integration-${platform}`);

/**
 * When to look at a connection again: before expiry for tokens that can be refreshed; at
 * expiry for Meta's (no refresh grant), to mark the connection for reconnecting.
 */
export function refreshAt(connection: Pick<Connection, 'platform' | 'expiresAt'>, now = Date.now()): Date | undefined {
  if (!connection.expiresAt) return undefined;
  const expires = Date.parse(connection.expiresAt);
  const target = REFRESHABLE.has(connection.platform) ? expires - REFRESH_LEAD_MS : expires;
  return new Date(Math.max(target, now + MIN_DELAY_MS));
}

export async function scheduleRefresh(connection: Connection): Promise<void> {
  const at = refreshAt(connection);
  const name = refreshScheduleName(connection.companyId, connection.platform);
  if (!at) return scheduler().remove(name);
  // run-job carries the refresh; its job id names no job item, so nothing is polled or recorded.
  const input: RunJobInput = {
    uuid: `refresh-${randomUUID()}`,
    kind: REFRESH_JOB_KIND,
    companyId: connection.companyId,
    userId: 0,
    input: { platform: connection.platform },
  };
  await scheduler().upsert({ name, at, workflow: 'run-job', input });
}

export const cancelRefresh = (companyId: number, platform: SocialPlatform) =>
  scheduler().remove(refreshScheduleName(companyId, platform));
