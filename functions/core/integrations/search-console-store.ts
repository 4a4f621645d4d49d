import type { IntegrationStatus, SearchConsoleSite } from '@shared/schemas/integrations';
import { notFound } from '../errors';
import { getAppConnection, updateAppConnection, type AppConnection } from './app-connection';
import { googleClient } from './google-client';
import { withGoogleToken } from './google-connection';
import { platformConfig } from './platform-config';
import { appSentences } from './app-http';

/** A property the user cannot read data of is not offered (sites.list lists unverified ones too). */
const usable = (site: SearchConsoleSite) => site.permissionLevel !== 'siteUnverifiedUser';

/** Spec 01 §3: connected, with the chosen property as its profile; a lost grant says to reconnect. */
export function searchConsoleStatus(connection: AppConnection | undefined): IntegrationStatus {
  if (!connection) return { connected: false };
  const profile = connection.choice ? { profile: connection.choice } : {};
  if (connection.status === 'disconnected') {
    return { connected: false, reconnect: true, message: appSentences.expired('google'), ...profile };
  }
  return { connected: true, ...profile };
}

export const getSearchConsoleStatus = async (companyId: number) =>
  searchConsoleStatus(await getAppConnection(companyId, 'google'));

/** The user's properties, read live from Search Console. */
export const listWebsites = (companyId: number) =>
  withGoogleToken(companyId, 'google', async (token) =>
    (await googleClient(platformConfig(), 'google').sites(token)).filter(usable),
  );

export async function chosenWebsite(companyId: number): Promise<{ url?: string }> {
  const connection = await getAppConnection(companyId, 'google');
  return connection?.choice ? { url: connection.choice.id } : {};
}

/** The property must be one Search Console lists for this user now. */
export async function chooseWebsite(companyId: number, url: string): Promise<IntegrationStatus> {
  const sites = await listWebsites(companyId);
  const chosen = sites.find((s) => s.url === url);
  if (!chosen) throw notFound('This website is not one of your Search Console properties.');
  return searchConsoleStatus(
    await updateAppConnection(companyId, 'google', { choice: { id: chosen.url, name: chosen.url } }),
  );
}
