import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRuntimeProcess } from '../support/runtime';
import { PASSWORD, TestClient, uniqueEmail } from '../support/api-client';
import { signedInUserAt } from '../support/test-site-runtime';
import { makePaid } from '../support/billing';
import { connectWithProfile, publishNow, settled, uniqueCopy } from './publishing-support';

/** Rita's sign-up, made the same before and after the restart. */
const register = (client: TestClient, email: string) =>
  client.post('/api/auth/register', {
    firstName: 'Rita',
    lastName: 'Restart',
    email,
    password: 'persistent pass',
    subscribed: false,
    accept_terms: true,
  });

describe('DATA_DIR survives a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an account created before a restart is still there after it', async () => {
    const email = uniqueEmail('restart');
    const first = await startRuntimeProcess({ dataDir });
    try {
      const client = new TestClient(first.url);
      const reg = await register(client, email);
      expect(reg.status).toBe(201);
    } finally {
      await first.stop();
    }

    const second = await startRuntimeProcess({ dataDir });
    try {
      const client = new TestClient(second.url);
      // The account exists (a duplicate sign-up is refused) and its mail is still in the mailbox.
      const again = await register(client, email);
      expect(again.status).toBe(409);
      const mailbox = await client.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      expect(mailbox.body.messages).toHaveLength(1);
      const login = await client.post('/api/auth/login', { email, password: 'persistent pass' });
      expect(login.body.code).toBe('EMAIL_NOT_VERIFIED');
    } finally {
      await second.stop();
    }
  }, 180_000);
});

describe('a power cut', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves the sandbox platforms as a real platform would be: tokens valid, posts still there', async () => {
    const copy = uniqueCopy('before the cut');
    const first = await startRuntimeProcess({ dataDir });
    let email = '';
    let permalink = '';
    try {
      const user = await signedInUserAt(first.url, 'power-cut');
      email = user.email;
      await makePaid(user.client);
      await connectWithProfile(user.client, 'linkedin', 0);
      const post = await settled(user.client, await publishNow(user.client, 'linkedin', copy));
      expect(post.status).toBe('published');
      permalink = post.permalink!;
    } finally {
      await first.crash();
    }

    const second = await startRuntimeProcess({ dataDir });
    try {
      const client = new TestClient(second.url);
      expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
      // The token the sandbox issued before the cut still works, and the platform kept the post.
      const after = await settled(client, await publishNow(client, 'linkedin', uniqueCopy('after the cut')));
      expect(after).toMatchObject({ status: 'published', error: null });
      const page = await fetch(permalink);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(copy.slice(0, 40));
      // LinkedIn still knows the first post: the same text again is a duplicate.
      const again = await settled(client, await publishNow(client, 'linkedin', copy));
      expect(again.status).toBe('failed');
    } finally {
      await second.stop();
    }
  }, 180_000);
});
