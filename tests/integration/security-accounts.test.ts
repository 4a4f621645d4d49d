import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Agent, fetch as undiciFetch } from 'undici';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  consumeResetToken,
  consumeVerifyCode,
  issueResetToken,
  issueVerifyCode,
} from '../../functions/core/accounts/link-tokens';
import { table } from '../../functions/core/table/client';
import { PASSWORD, TestClient, linkIn, signedInUser, uniqueEmail, waitForMail } from '../support/api-client';

/**
 * Findings of the security probe, each reproduced as the attack it was: these fail on the
 * code before the fixes.
 */
beforeAll(() => {
  const runtime = inject('runtime');
  Object.assign(process.env, { TABLE_NAME: runtime.tableName, DYNAMODB_ENDPOINT: runtime.dynamoEndpoint });
});

/** A call sent from another loopback address: another client, as the runtime sees it. */
async function postFrom(localAddress: string, path: string, body: unknown) {
  const dispatcher = new Agent({ localAddress });
  try {
    const res = await undiciFetch(`${inject('runtime').url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher,
    });
    await res.arrayBuffer();
    return res.status;
  } finally {
    await dispatcher.close();
  }
}

const loginFrom = (localAddress: string, email: string, password: string) =>
  postFrom(localAddress, '/api/auth/login', { email, password });

async function resetLinkFor(email: string, anon = new TestClient()) {
  expect((await anon.post('/api/auth/request-reset', { email })).status).toBe(200);
  const mails = (await anon.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).body.messages as {
    subject: string;
    text: string;
  }[];
  const newest = mails.find((m) => /Reset/.test(m.subject))!;
  const [, , , id, token] = linkIn(newest as never).pathname.split('/');
  return { id: Number(id), token: token! };
}

const rateCount = async (scope: string, key: string, windowSeconds: number) => {
  const window = Math.floor(Date.now() / 1000 / windowSeconds);
  const out = await table().send(
    new GetCommand({ TableName: process.env.TABLE_NAME!, Key: { pk: `RATE#${scope}#${key}`, sk: `W#${window}` } }),
  );
  return Number(out.Item?.count ?? 0);
};

describe('reset links end when the password is set', () => {
  it('a reset ends the other outstanding reset links', async () => {
    const { email } = await signedInUser('two-links');
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    const anon = new TestClient();
    expect((await anon.post('/api/auth/consume-reset', { ...second, password: 'brand new pass' })).status).toBe(200);
    const stale = await anon.post('/api/auth/consume-reset', { ...first, password: 'attackers pass' });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/invalid, expired or already used/);
    expect((await anon.post('/api/auth/login', { email, password: 'brand new pass' })).status).toBe(200);
  });

  it('a password change ends every outstanding reset link', async () => {
    const { client, email } = await signedInUser('change-ends-links');
    const link = await resetLinkFor(email);
    const changed = await client.patch('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'changed password',
      repeatPassword: 'changed password',
    });
    expect(changed.status).toBe(200);
    expect(
      (await new TestClient().post('/api/auth/consume-reset', { ...link, password: 'attackers pass' })).status,
    ).toBe(400);
    expect((await new TestClient().post('/api/auth/login', { email, password: 'changed password' })).status).toBe(200);
  });
});

describe('throttling that a stranger cannot turn into a lockout', () => {
  it('wrong passwords from another client stop that client, never the owner signing in from theirs', async () => {
    const { email } = await signedInUser('lockout');
    const stranger: number[] = [];
    for (let i = 0; i < 12; i++) stranger.push(await loginFrom('127.0.0.2', email, 'wrong password'));
    expect(stranger.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(stranger.slice(10)).toEqual([429, 429]);
    // Throttled even with the right password: the stranger's client learns nothing more.
    expect(await loginFrom('127.0.0.2', email, PASSWORD)).toBe(429);
    expect(await loginFrom('127.0.0.1', email, PASSWORD)).toBe(200);
  });

  it('change-password has its own counter: guessing there neither spends nor is stopped by sign-ins', async () => {
    const { client, email } = await signedInUser('chpw-limit');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await client.patch('/api/auth/change-password', {
        currentPassword: `wrong guess ${i}`,
        newPassword: 'new password 1',
        repeatPassword: 'new password 1',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    expect((await new TestClient().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('resend-verify counts on its own per-client counter, not the reset one', async () => {
    // A loopback address of this test's own: the other files' resets (from 127.0.0.1, at the same
    // time) count elsewhere.
    const client = `127.0.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    const before = await rateCount('reset-ip', client, 3600);
    const verifyBefore = await rateCount('verify-ip', client, 3600);
    expect(await postFrom(client, '/api/auth/resend-verify', { email: uniqueEmail('resend-count') })).toBe(200);
    expect(await rateCount('verify-ip', client, 3600)).toBeGreaterThan(verifyBefore);
    expect(await rateCount('reset-ip', client, 3600)).toBe(before);
  });
});

describe('answers that would tell which accounts exist', () => {
  it('verify answers a used code for a verified id exactly as a wrong code for an unknown id', async () => {
    const client = new TestClient();
    const email = uniqueEmail('verified-id');
    await client.post('/api/auth/register', {
      firstName: 'Vi',
      lastName: 'Id',
      email,
      password: PASSWORD,
      subscribed: false,
      accept_terms: true,
    });
    const link = linkIn(await waitForMail(email, /Verify/));
    const body = { code: link.searchParams.get('code'), id: Number(link.searchParams.get('id')) };
    expect((await client.post('/api/auth/verify', body)).status).toBe(200);

    const used = await client.post('/api/auth/verify', body);
    const guessed = await client.post('/api/auth/verify', { ...body, code: 'guess' });
    const unknown = await client.post('/api/auth/verify', { code: 'guess', id: 99_999_999 });
    expect([used.status, guessed.status, unknown.status]).toEqual([400, 400, 400]);
    const answer = (res: { body: { message: string; errors?: unknown } }) => ({
      message: res.body.message,
      errors: res.body.errors,
    });
    expect(answer(used)).toEqual(answer(unknown));
    expect(answer(guessed)).toEqual(answer(unknown));
  });
});

describe('single-use links under concurrency (module level, against the suite table)', () => {
  it('of ten concurrent uses of one verification code, exactly one succeeds', async () => {
    const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const code = await issueVerifyCode(userId);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => consumeVerifyCode(userId, code)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('of ten concurrent uses of one reset link, exactly one succeeds', async () => {
    const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const { resetId, token } = await issueResetToken({ id: userId });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => consumeResetToken(resetId, token)));
    expect(outcomes.filter(Boolean)).toEqual([{ userId, passwordGeneration: 0 }]);
  });
});
