import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../../functions/core/table/client';
import { createHash } from 'node:crypto';
import { TestClient, linkIn, signedInUser, uniqueEmail, waitForMail, PASSWORD } from '../support/api-client';
import { socialSignIn } from '../support/social-sign-in';

/**
 * Links expire by their TTL attribute. DynamoDB deletes expired items late (DynamoDB Local
 * never), so the API itself must refuse them: each test ages one item past its TTL directly in
 * the table and uses its link.
 */
beforeAll(() => {
  const runtime = inject('runtime');
  Object.assign(process.env, { TABLE_NAME: runtime.tableName, DYNAMODB_ENDPOINT: runtime.dynamoEndpoint });
});

const expire = (pk: string, sk: string) =>
  table().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME!,
      Key: { pk, sk },
      UpdateExpression: 'SET #ttl = :past',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );

describe('expired links are refused', () => {
  it('an expired reset link', async () => {
    const { email } = await signedInUser('expired-reset');
    const anon = new TestClient();
    await anon.post('/api/auth/request-reset', { email });
    const [, , , id, token] = linkIn(await waitForMail(email, /Reset/)).pathname.split('/');
    await expire(`RESET#${id}`, 'RESET');
    const res = await anon.post('/api/auth/consume-reset', { id: Number(id), token, password: 'brand new pass' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/invalid, expired or already used/);
  });

  it('an expired verification link', async () => {
    const client = new TestClient();
    const email = uniqueEmail('expired-verify');
    await client.post('/api/auth/register', {
      firstName: 'Eve',
      lastName: 'Late',
      email,
      password: PASSWORD,
      subscribed: false,
      accept_terms: true,
    });
    const link = linkIn(await waitForMail(email, /Verify/));
    const id = link.searchParams.get('id')!;
    await expire(`VERIFY#${id}`, 'VERIFY');
    const res = await client.post('/api/auth/verify', { code: link.searchParams.get('code'), id: Number(id) });
    expect(res.status).toBe(400);
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).body.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('an expired invite', async () => {
    const a = await signedInUser('expired-invite');
    const email = uniqueEmail('late-invitee');
    const invite = (await a.client.post(`/api/company/${a.companyId}/invite`, { email })).body;
    const token = linkIn(await waitForMail(email, /invited/))
      .pathname.split('/')
      .pop()!;
    await expire(`COMPANY#${a.companyId}`, `INVITE#${invite.id}`);
    expect((await new TestClient().get(`/api/auth/invitation?token=${token}`)).status).toBe(404);
    const listed = (await a.client.get('/api/company')).body.find((c: { id: number }) => c.id === a.companyId);
    expect(listed.invites).toEqual([]);
  });

  it('an expired OAuth state: a consent finished after ten minutes does not sign in', async () => {
    const client = new TestClient();
    const landed = await socialSignIn(
      client,
      'google',
      { email: uniqueEmail('late-consent') },
      {
        beforeCallback: async () => {
          const state = client.cookies.get('oauth_state')!;
          await expire(`OAUTHSTATE#${createHash('sha256').update(state).digest('hex')}`, 'STATE');
        },
      },
    );
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('message')).toMatch(/expired or was already used/);
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('an expired session', async () => {
    const { client } = await signedInUser('expired-session');
    const hash = createHash('sha256').update(client.cookies.get('sid')!).digest('hex');
    await expire(`SESSION#${hash}`, 'SESSION');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });
});
