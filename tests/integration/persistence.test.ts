import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRuntimeProcess } from '../support/runtime';
import { TestClient, uniqueEmail } from '../support/api-client';

describe('DATA_DIR survives a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an account created before a restart is still there after it', async () => {
    const email = uniqueEmail('restart');
    const first = await startRuntimeProcess({ dataDir });
    try {
      const client = new TestClient(first.url);
      const reg = await client.post('/api/auth/register', {
        firstName: 'Rita',
        lastName: 'Restart',
        email,
        password: 'persistent pass',
        subscribed: false,
        accept_terms: true,
      });
      expect(reg.status).toBe(201);
    } finally {
      await first.stop();
    }

    const second = await startRuntimeProcess({ dataDir });
    try {
      const client = new TestClient(second.url);
      // The account exists (a duplicate sign-up is refused) and its mail is still in the mailbox.
      const again = await client.post('/api/auth/register', {
        firstName: 'Rita',
        lastName: 'Restart',
        email,
        password: 'persistent pass',
        subscribed: false,
        accept_terms: true,
      });
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
