import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/schemas/integrations';
import { TransientError } from '../errors';
import { defineJobKind } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { log } from '../log';
import { armRefresh, getConnection, markReconnect, openSecrets, storeRefreshed } from './connection-store';
import { platformError, PlatformError } from './platform-error';
import { clientCredentials, platformClient } from './platforms';
import { REFRESH_JOB_KIND } from './refresh-schedule';

export type RefreshOutcome = 'refreshed' | 'reconnect' | 'not-yet' | 'absent';

/** After an outage outlasts the workflow's retries, the next try waits this long. */
const RETRY_AFTER_OUTAGE_MS = 3600_000;

/**
 * Keeps a connection alive: a refreshable token (Threads, LinkedIn) is exchanged for a new one;
 * a Meta token, which has no refresh grant, is marked for reconnecting once it has expired.
 * A dead token marks the connection; a rate limit or outage is a TransientError for the
 * workflow to retry. Whatever happens, a connection still connected has its next refresh armed
 * before the job ends, so a company nobody opens the app for keeps its tokens alive.
 */
async function refreshConnection(
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
      // Fired early (the token was replaced since): armed again for the current expiry.
      await armRefresh(connection, { force: true });
      return 'not-yet';
    }
    await markReconnect(companyId, platform, platformError.expired(platform).message, { fromRefresh: true });
    return 'reconnect';
  }
  const creds = await clientCredentials(platform);
  if (!creds) throw new TransientError(`${platform} app credentials are not configured`);
  try {
    if (expired) throw platformError.expired(platform, 'expired before it could be refreshed');
    const tokens = await client.refresh((await openSecrets(connection)).user, creds);
    await armRefresh(await storeRefreshed(connection, tokens), { force: true });
    return 'refreshed';
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.transient) {
      // Retried by the workflow at once; should its retries run out, the armed try an hour on
      // goes again (a retry that works re-arms for the new tokens, replacing it).
      await armRefresh(connection, { force: true, notBefore: Date.now() + RETRY_AFTER_OUTAGE_MS });
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
  // The platform's app credentials and the sealed tokens (opened, resealed refreshed); it arms the next refresh.
  grants: defineGrants({
    table: TABLE_READ_WRITE,
    secrets: ['oauth-clients'],
    tokenKey: ['encrypt', 'decrypt'],
    sealed: ['platform-tokens'],
    schedules: true,
  }),
  run: async (input, ctx) => ({ outcome: await refreshConnection(ctx.companyId, input.platform) }),
});
