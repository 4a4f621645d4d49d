import { z } from 'zod';
import { notFound } from '../errors';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';
import { APP_NAMES, type AppName } from './app-http';
import { tokenCrypto } from './token-crypto';

/**
 * A company's connection to WordPress, the Google profile (Search Console) or Google My
 * Business. It sits beside the social connections (`INTEGRATION#<app>`, so the company cascade
 * takes it too) as its own item type. `secrets` is sealed with the platform-token key, bound to
 * the company and app; `choice` is the WordPress site, the Search Console property or the
 * Business Profile account. `disconnected`: Google took the grant back (or WordPress revoked
 * the application password), the user connects again.
 */
export const appConnectionSchema = z.object({
  companyId: z.number().int(),
  app: z.enum(['wordpress', 'google', 'google-my-business']),
  status: z.enum(['connected', 'disconnected']),
  account: z.object({ id: z.string(), name: z.string() }),
  choice: z.object({ id: z.string(), name: z.string() }).optional(),
  secrets: z.string().regex(/^(gcm|kms):/, 'secrets must be ciphertext'),
  connectedAt: z.string(),
  version: z.number().int().optional(),
});
export type AppConnection = z.infer<typeof appConnectionSchema>;

export const appConnections = defineEntity({
  type: 'app-integration',
  schema: appConnectionSchema,
  key: (c) => keys.integration(c.companyId, c.app),
  versioned: true,
});

const context = (companyId: number, app: AppName) => ({ companyId: String(companyId), platform: app });

export const sealSecrets = (companyId: number, app: AppName, secrets: unknown) =>
  tokenCrypto().encrypt(JSON.stringify(secrets), context(companyId, app));

export async function openSecrets<T>(connection: AppConnection, schema: z.ZodType<T>): Promise<T> {
  const text = await tokenCrypto().decrypt(connection.secrets, context(connection.companyId, connection.app));
  return schema.parse(JSON.parse(text));
}

export const getAppConnection = (companyId: number, app: AppName) =>
  appConnections.get(keys.integration(companyId, app), { consistent: true });

export const appNotConnected = (app: AppName) =>
  notFound(`${APP_NAMES[app]} is not connected. Connect it from the apps page.`);

/** A fresh connection replaces the previous one (and its "disconnected" mark). */
export async function saveAppConnection(input: {
  companyId: number;
  app: AppName;
  account: { id: string; name: string };
  choice?: { id: string; name: string };
  secrets: unknown;
}): Promise<AppConnection> {
  const previous = await getAppConnection(input.companyId, input.app);
  const connection: AppConnection = {
    companyId: input.companyId,
    app: input.app,
    status: 'connected',
    account: input.account,
    choice: input.choice,
    secrets: await sealSecrets(input.companyId, input.app, input.secrets),
    connectedAt: new Date().toISOString(),
    version: (previous?.version ?? 0) + 1,
  };
  await appConnections.put(connection);
  return connection;
}

export const updateAppConnection = (companyId: number, app: AppName, fields: Partial<AppConnection>) =>
  appConnections.update(keys.integration(companyId, app), fields);

export const deleteAppConnection = (companyId: number, app: AppName) =>
  appConnections.delete(keys.integration(companyId, app));
