import type { BusinessAccount, BusinessLocation, BusinessStatus } from '@shared/schemas/business';
import { conflict, notFound } from '../errors';
import type { Connection } from '../integrations/connection-entity';
import { getConnection, updateConnection } from '../integrations/connection-store';
import { googleClient } from '../integrations/google-client';
import { checkedGoogleConnection, withGoogleToken } from '../integrations/google-connection';
import { platformConfig } from '../platform-config';

/**
 * The business listing's connection (spec 02 §7): Google My Business through the Business
 * Profile APIs, its profile the chosen Business Profile account. Its status is asked of Google
 * on every read, so a grant the user took back answers 'disconnected' (spec 01 §3's word for a
 * connection to reconnect) and the apps tab and the business manager warn.
 */
function businessStatus(connection: Connection | undefined): BusinessStatus {
  if (!connection) return { connected: false };
  if (connection.status === 'reconnect') return { connected: false, message: 'disconnected' };
  return { connected: true, ...(connection.profile ? { account: connection.profile } : {}) };
}

export const getBusinessStatus = async (companyId: number): Promise<BusinessStatus> =>
  businessStatus(await checkedGoogleConnection(companyId, 'google-my-business'));

/** The Business Profile accounts the Google user may manage, read live (accounts.list). */
export const listAccounts = (companyId: number): Promise<BusinessAccount[]> =>
  withGoogleToken(companyId, 'google-my-business', (token) =>
    googleClient(platformConfig(), 'google-my-business').accounts(token),
  );

export async function chosenAccount(companyId: number): Promise<{ account?: { id: string; name: string } }> {
  const connection = await getConnection(companyId, 'google-my-business');
  return connection?.profile ? { account: connection.profile } : {};
}

/** The chosen account's locations, read live (the business manager's location selector). */
export async function listLocations(companyId: number): Promise<BusinessLocation[]> {
  const connection = await getConnection(companyId, 'google-my-business');
  if (connection?.status === 'connected' && !connection.profile) {
    throw conflict('Choose a Business Profile account on the apps page first.');
  }
  return withGoogleToken(companyId, 'google-my-business', (token, current) =>
    googleClient(platformConfig(), 'google-my-business').locations(token, current.profile?.id ?? ''),
  );
}

/** The account must be one Google lists for this user now. */
export async function chooseAccount(companyId: number, id: string): Promise<BusinessStatus> {
  const accounts = await listAccounts(companyId);
  const chosen = accounts.find((a) => a.id === id);
  if (!chosen) throw notFound('This account is not one your Google user manages.');
  const next = await updateConnection(companyId, 'google-my-business', {
    profile: { id: chosen.id, name: chosen.name },
  });
  return businessStatus(next);
}
