import type { IntegrationStatus, SearchConsoleSite } from '@shared/schemas/integrations';
import { notFound } from '../errors';
import { getConnection, statusOf, updateConnection } from './connection-store';
import { googleClient } from './google-client';
import { withGoogleToken } from './google-connection';
import { platformConfig } from '../platform-config';

/**
 * Search Console reads through the Google profile's connection (`google`); its profile is the
 * chosen property.
 */

/** A property the user cannot read data of is not offered (sites.list lists unverified ones too). */
const usable = (site: SearchConsoleSite) => site.permissionLevel !== 'siteUnverifiedUser';

/** Spec 01 §3: connected, with the chosen property as its profile; a lost grant says to reconnect. */
export const getSearchConsoleStatus = async (companyId: number): Promise<IntegrationStatus> =>
  statusOf(await getConnection(companyId, 'google'));

/** The user's properties, read live from Search Console. */
export const listWebsites = (companyId: number) =>
  withGoogleToken(companyId, 'google', async (token) =>
    (await googleClient(platformConfig(), 'google').sites(token)).filter(usable),
  );

export async function chosenWebsite(companyId: number): Promise<{ url?: string }> {
  const connection = await getConnection(companyId, 'google');
  return connection?.profile ? { url: connection.profile.id } : {};
}

/** The property must be one Search Console lists for this user now. */
export async function chooseWebsite(companyId: number, url: string): Promise<IntegrationStatus> {
  const sites = await listWebsites(companyId);
  const chosen = sites.find((s) => s.url === url);
  if (!chosen) throw notFound('This website is not one of your Search Console properties.');
  return statusOf(await updateConnection(companyId, 'google', { profile: { id: chosen.url, name: chosen.url } }));
}
