import type { BusinessAccount, BusinessLocation, BusinessStatus } from '@shared/schemas/business';
import { conflict, notFound } from '../errors';
import { getAppConnection, updateAppConnection, type AppConnection } from '../integrations/app-connection';
import { googleClient } from '../integrations/google-client';
import { checkGoogleGrant, withGoogleToken } from '../integrations/google-connection';
import { platformConfig } from '../integrations/platform-config';

/**
 * The business listing's connection (spec 02 §7): Google My Business through the Business
 * Profile APIs. Its status is asked of Google on every read, so a grant the user took back
 * shows as 'disconnected' (spec 01 §3) and the apps tab and the business manager warn.
 */
export function businessStatus(connection: AppConnection | undefined): BusinessStatus {
  if (!connection) return { connected: false };
  if (connection.status === 'disconnected') return { connected: false, message: 'disconnected' };
  return { connected: true, ...(connection.choice ? { account: connection.choice } : {}) };
}

export async function getBusinessStatus(companyId: number): Promise<BusinessStatus> {
  const connection = await getAppConnection(companyId, 'google-my-business');
  return businessStatus(connection ? await checkGoogleGrant(connection) : undefined);
}

/** The Business Profile accounts the Google user may manage, read live (accounts.list). */
export const listAccounts = (companyId: number): Promise<BusinessAccount[]> =>
  withGoogleToken(companyId, 'google-my-business', (token) =>
    googleClient(platformConfig(), 'google-my-business').accounts(token),
  );

export async function chosenAccount(companyId: number): Promise<{ account?: { id: string; name: string } }> {
  const connection = await getAppConnection(companyId, 'google-my-business');
  return connection?.choice ? { account: connection.choice } : {};
}

/** The chosen account's locations, read live (the business manager's location selector). */
export async function listLocations(companyId: number): Promise<BusinessLocation[]> {
  const connection = await getAppConnection(companyId, 'google-my-business');
  if (connection?.status === 'connected' && !connection.choice) {
    throw conflict('Choose a Business Profile account on the apps page first.');
  }
  return withGoogleToken(companyId, 'google-my-business', (token, current) =>
    googleClient(platformConfig(), 'google-my-business').locations(token, current.choice?.id ?? ''),
  );
}

/** The account must be one Google lists for this user now. */
export async function chooseAccount(companyId: number, id: string): Promise<BusinessStatus> {
  const accounts = await listAccounts(companyId);
  const chosen = accounts.find((a) => a.id === id);
  if (!chosen) throw notFound('This account is not one your Google user manages.');
  const next = await updateAppConnection(companyId, 'google-my-business', {
    choice: { id: chosen.id, name: chosen.name },
  });
  return businessStatus(next);
}
