import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '../../shared/report-periods';
import { SANDBOX_ACCOUNT } from '../../infra/local/sandbox/google/business-fixtures';
import { chooseProfile } from '../../functions/core/integrations/connection-store';
import { armFirstCollection, metricsScheduleName } from '../../functions/core/reports/metrics-schedule';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { signedInUser, type TestClient } from '../support/api-client';
import { connectGoogle } from '../support/app-connect';
import { makePaid } from '../support/billing';
import { fireCollection } from '../support/metrics-collection';
import { connectPlatform } from '../support/platform-connect';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { publishNow, sandboxPosts, settled, uniqueCopy } from './publishing-support';

/**
 * A newcomer's first connect: an account that offers exactly one page (Meta's consent lets the
 * user pick the pages) has it chosen at connect, as Save would, and publishes on the first
 * try; one that offers several comes back to the apps tab asked to choose; the choice brings the
 * platform's figures into the report the same day, even after the company's first collection
 * ran without it; Google My Business starts on the first account that has locations.
 */
beforeAll(() => {
  useSuiteRuntimeEnv();
});

const where = (landed: URL) => `${landed.pathname}${landed.search}`;
const yesterday = () => addDays(new Date().toISOString().slice(0, 10), -1);

const collectionSchedule = async (companyId: number) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(metricsScheduleName(companyId)) })))
    .Item;

/** The report's rows of one platform for the last 30 days, once `done` holds (the collection runs in the runtime). */
async function rowsUntil(client: TestClient, platform: string, done: (rows: unknown[]) => boolean) {
  const query = `from=${addDays(yesterday(), -29)}&to=${yesterday()}&platforms=${platform}`;
  let last: unknown[] = [];
  for (let i = 0; i < 150; i++) {
    const res = await client.get<Record<string, unknown[]>>(`/api/reports?${query}`);
    last = res.body[platform] ?? [];
    if (res.status === 200 && done(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${platform} rows never matched (last: ${last.length})`);
}

describe('the first choice of a page, profile or account', () => {
  it('an account that offers exactly one page has it chosen at connect, and Publish Now works the first time', async () => {
    const { client, companyId } = await signedInUser('choice-single');
    const facebook = await connectPlatform(client, 'facebook', { pages: ['2000002'] });
    expect(where(facebook.landed)).toBe('/settings/apps?connected=facebook');
    expect((await client.get('/api/integrations/facebook/status')).body).toEqual({
      connected: true,
      profile: { id: '2000002', name: 'Sandbox Bikes' },
    });
    // Its figures are collected soon: the company's first collection is armed by the connect.
    expect(await collectionSchedule(companyId)).toBeDefined();

    // Instagram through the same consent: the one page's business account.
    const instagram = await connectPlatform(client, 'instagram', { pages: ['2000001'] });
    expect(where(instagram.landed)).toBe('/settings/apps?connected=instagram');
    expect((await client.get('/api/integrations/instagram/status')).body).toEqual({
      connected: true,
      profile: { id: '17841400000001', name: 'sandbox.bakery' },
    });

    await makePaid(client);
    const copy = uniqueCopy('One page');
    const post = await settled(client, await publishNow(client, 'facebook', copy));
    expect(post.status, post.error ?? '').toBe('published');
    expect((await sandboxPosts(facebook.sandboxOrigin, copy)).map((p) => p.owner)).toEqual(['2000002']);
  });

  it('an account with several pages is asked first; its choice brings its figures into the report the same day', async () => {
    const { client, companyId } = await signedInUser('choice-several');
    const facebook = await connectPlatform(client, 'facebook');
    expect(where(facebook.landed)).toBe('/settings/apps?choose=facebook');
    expect((await client.get('/api/integrations/facebook/status')).body).toEqual({ connected: true });
    // Nothing to collect from yet: no collection is armed for a page not chosen.
    expect(await collectionSchedule(companyId)).toBeUndefined();
    const linkedin = await connectPlatform(client, 'linkedin');
    expect(where(linkedin.landed)).toBe('/settings/apps?choose=linkedin');

    // Threads posts as the account: chosen at connect, and the company's first collection armed.
    const threads = await connectPlatform(client, 'threads');
    expect(where(threads.landed)).toBe('/settings/apps?connected=threads');
    await fireCollection(companyId);
    await rowsUntil(client, 'threads', (rows) => rows.length === 30);
    // That run came before the choice: Facebook had no page to read, and its next run is tomorrow's.
    expect(await rowsUntil(client, 'facebook', () => true)).toEqual([]);

    // The choice, in-process as the profile route makes it, in a deployment whose first-run
    // delay is none (the suite runtime's is a day, so other files' connects collect nothing).
    Object.assign(process.env, {
      TOKEN_KEY_FILE: join(inject('runtime').dataDir, 'platform-token.key'),
      PLATFORM_SANDBOX_ORIGIN: facebook.sandboxOrigin,
      FETCH_ALLOW: new URL(facebook.sandboxOrigin).host,
      METRICS_FIRST_RUN_DELAY_SECONDS: '0',
    });
    expect(await chooseProfile(companyId, 'facebook', '2000001', armFirstCollection)).toEqual({
      connected: true,
      profile: { id: '2000001', name: 'Sandbox Bakery' },
    });
    // Nothing fires it by hand: the runtime's scheduler starts the collection it armed.
    expect(await rowsUntil(client, 'facebook', (rows) => rows.length === 30)).toHaveLength(30);

    // The choice over HTTP is the same call.
    const organisation = 'urn:li:organization:4000001';
    expect((await client.post('/api/integrations/linkedin/profile', { id: organisation })).body).toEqual({
      connected: true,
      profile: { id: organisation, name: 'Sandbox Studio' },
    });
  });

  it('Google My Business starts on the first account that has locations', async () => {
    const { client } = await signedInUser('choice-gmb');
    const { landed } = await connectGoogle(client, '/api/business/connect', { name: 'Gail Business' });
    expect(where(landed)).toBe('/settings/apps?connected=google-my-business');
    // The sandbox user's first account is a personal one without locations.
    const accounts = (await client.get<{ id: string }[]>('/api/business/accounts')).body;
    expect(accounts.map((a) => a.id)).toEqual(['accounts/110000000000000000001', SANDBOX_ACCOUNT]);
    expect((await client.get('/api/business/status')).body).toEqual({
      connected: true,
      account: { id: SANDBOX_ACCOUNT, name: 'Sandbox Bakery Group' },
    });
    const locations = await client.get<{ title: string }[]>('/api/business/locations');
    expect(locations.status).toBe(200);
    expect(locations.body.length).toBeGreaterThan(0);
  });
});
