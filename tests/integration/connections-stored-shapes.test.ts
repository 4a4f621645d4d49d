import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { signedInUser } from '../support/api-client';
import { connectGoogle, connectWordPress, platformSandboxOrigin } from '../support/app-connect';
import { connectPlatform } from '../support/platform-connect';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/*
 * Connections written before the one connection model are read as they are: a social item kept
 * its ciphertext in `tokens`; a WordPress or Google item was an `app-integration` with `app`,
 * `choice` and the status `disconnected`. A DATA_DIR of that time keeps working.
 */

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const rawItem = async (companyId: number, platform: string) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: keys.integration(companyId, platform) }))).Item!;
const putRaw = (item: Record<string, unknown>) => table().send(new PutCommand({ TableName: tableName(), Item: item }));

/** The item as the app-connection entity wrote it. */
function asAppItem(item: Record<string, unknown>, status: 'connected' | 'disconnected') {
  const { platform, profile, message: _message, ...rest } = item;
  return { ...rest, type: 'app-integration', app: platform, status, ...(profile ? { choice: profile } : {}) };
}

describe('connections stored in the shapes before one model', () => {
  it('a social connection with its ciphertext in `tokens` is connected, and its tokens still open', async () => {
    const { client, companyId } = await signedInUser('legacy-social');
    await connectPlatform(client, 'linkedin');
    const { secrets, ...rest } = await rawItem(companyId, 'linkedin');
    await putRaw({ ...rest, tokens: secrets });
    const status = (await client.get('/api/integrations/linkedin/status')).body;
    expect(status.connected).toBe(true);
    // Listing the pages opens the tokens and calls LinkedIn with them.
    const profiles = await client.get('/api/integrations/linkedin/profiles');
    expect(profiles.status).toBe(200);
    expect(profiles.body.length).toBeGreaterThan(0);
    // Choosing writes today's field; the old one no longer decides.
    const chosen = await client.post('/api/integrations/linkedin/profile', { id: profiles.body[0].id });
    expect(chosen.body).toEqual({ connected: true, profile: { id: profiles.body[0].id, name: profiles.body[0].name } });
    expect((await rawItem(companyId, 'linkedin')).secrets).toMatch(/^gcm:/);
  });

  it('a WordPress item marked `disconnected` says to reconnect, with its site', async () => {
    const { client, companyId } = await signedInUser('legacy-wp');
    const site = await platformSandboxOrigin(client);
    await connectWordPress(client, `${site}/`);
    await putRaw(asAppItem(await rawItem(companyId, 'wordpress'), 'disconnected'));
    expect((await client.get('/api/integrations/wordpress/status')).body).toEqual({
      connected: false,
      reconnect: true,
      message: 'Your WordPress connection has expired. Reconnect WordPress from the apps page.',
      profile: { id: site, name: 'Sandbox Blog' },
    });
    // Connecting again replaces it with an item of today's shape.
    await connectWordPress(client, `${site}/`);
    const item = await rawItem(companyId, 'wordpress');
    expect(item).toMatchObject({ type: 'integration', platform: 'wordpress', status: 'connected' });
    expect(item.app).toBeUndefined();
    expect((await client.get('/api/integrations/wordpress/status')).body.connected).toBe(true);
  });

  it('a Google item with its property in `choice` is connected to that property, and its tokens still open', async () => {
    const { client, companyId } = await signedInUser('legacy-google');
    await connectGoogle(client, '/api/integrations/google/connect');
    const item = await rawItem(companyId, 'google');
    await putRaw({
      ...asAppItem(item, 'connected'),
      choice: { id: 'sc-domain:sandbox-bikes.example', name: 'sc-domain:sandbox-bikes.example' },
    });
    expect((await client.get('/api/integrations/search-console/status')).body).toEqual({
      connected: true,
      profile: { id: 'sc-domain:sandbox-bikes.example', name: 'sc-domain:sandbox-bikes.example' },
    });
    expect((await client.get('/api/integrations/search-console/website')).body).toEqual({
      url: 'sc-domain:sandbox-bikes.example',
    });
    const sites = await client.post('/api/integrations/search-console/websites');
    expect(sites.status).toBe(200);
    // Disconnecting forgets it whatever its shape.
    expect((await client.post('/api/integrations/search-console/disconnect')).body).toEqual({ connected: false });
    expect(
      (await table().send(new GetCommand({ TableName: tableName(), Key: keys.integration(companyId, 'google') }))).Item,
    ).toBeUndefined();
  });
});
