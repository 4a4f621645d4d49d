import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/schemas/integrations';
import { defineJobKind, TransientError } from '../jobs/job-kind';
import { log } from '../log';
import { getConnection, markReconnect, openSecrets, refreshFired, storeRefreshed } from './connection-store';
import { platformError, PlatformError } from './platform-error';
import { appCredentials, platformClient } from './platforms';
import { REFRESH_JOB_KIND } from './refresh-schedule';

export type RefreshOutcome = 'refreshed' | 'reconnect' | 'not-yet' | 'absent';

/**
 * Keeps a connection alive: a refreshable token (Threads, LinkedIn) is exchanged for a new one;
 * a Meta token, which has no refresh grant, is marked for reconnecting once it has expired.
 * A dead token marks the connection; a rate limit or outage is a TransientError for the
 * workflow to retry. It never schedules (a worker cannot in AWS): the next read of the
 * connection arms the next refresh.
 */
export async function refreshConnection(
  companyId: number,
  platform: SocialPlatform,
  now = Date.now(),
): Promise<RefreshOutcome> {
  const connection = await getConnection(companyId, platform);
  if (!connection || connection.status === 'reconnect') return 'absent';
  const client = platformClient(platform);
  const expired = connection.expiresAt !== undefined && Date.parse(connection.expiresAt) <= now;
  if (!client.refresh) {
    if (!expired) {
      await refreshFired(companyId, platform);
      return 'not-yet';
    }
    await markReconnect(companyId, platform, platformError.expired(platform).message, { fromRefresh: true });
    return 'reconnect';
  }
  const creds = await appCredentials(platform);
  if (!creds) throw new TransientError(`${platform} app credentials are not configured`);
  try {
    if (expired) throw platformError.expired(platform, 'expired before it could be refreshed');
    const tokens = await client.refresh((await openSecrets(connection)).user, creds);
    await storeRefreshed(connection, tokens);
    return 'refreshed';
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.transient) {
      // Retried by the workflow; should the retries run out, the next read arms a new schedule.
      await refreshFired(companyId, platform);
      throw new TransientError(error.message);
    }
    log('warn', 'platform connection can no longer be refreshed', { platform, companyId, detail: error.detail });
    await markReconnect(companyId, platform, platformError.expired(platform).message, { fromRefresh: true });
    return 'reconnect';
  }
}

/** The scheduled refresh, run by the run-job workflow (its Retry handles TransientError). */
export const integrationRefreshJob = defineJobKind({
  name: REFRESH_JOB_KIND,
  input: z.object({ platform: z.enum(SOCIAL_PLATFORMS) }),
  result: z.object({ outcome: z.enum(['refreshed', 'reconnect', 'not-yet', 'absent']) }),
  run: async (input, ctx) => ({ outcome: await refreshConnection(ctx.companyId, input.platform) }),
});
