import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCredentialSource, credentials } from '../../functions/core/oauth/providers';

const SECRET = JSON.stringify({
  google: { clientId: 'g-id', clientSecret: 'g-secret' },
  facebook: { clientId: '', clientSecret: '' },
});

/** A loopback Secrets Manager that fails while `failing`, then answers GetSecretValue as AWS does. */
let failing = true;
let calls = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    calls += 1;
    if (failing) {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'InternalServiceError' });
      return res.end(JSON.stringify({ __type: 'InternalServiceError', message: 'try again' }));
    }
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(
      JSON.stringify({
        ARN: 'arn:oauth',
        Name: 'OAuthClients',
        SecretString: SECRET,
        VersionId: 'v1',
        CreatedDate: 1700000000,
      }),
    );
  });
});

const saved = { ...process.env };
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_REGION: 'us-east-1',
    AWS_MAX_ATTEMPTS: '1',
    OAUTH_SECRET_ARN: 'arn:oauth',
    LOG_LEVEL: 'silent',
  });
  for (const name of ['OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_GOOGLE_CLIENT_SECRET'])
    Reflect.deleteProperty(process.env, name);
});
afterAll(async () => {
  process.env = saved;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('OAuth client credentials from Secrets Manager', () => {
  it('a failed read is not kept: the next sign-in reads the secret again (real SDK client, loopback)', async () => {
    expect(await credentials('google')).toBeUndefined();
    expect(calls).toBeGreaterThan(0);
    failing = false;
    expect(await credentials('google')).toEqual({ clientId: 'g-id', clientSecret: 'g-secret' });
    // A provider whose placeholder was never filled in is not configured.
    expect(await credentials('facebook')).toBeUndefined();
  });

  it('keeps a good read for its time to live, then reads again (a rotation is picked up)', async () => {
    let now = 0;
    const read = vi.fn(async () => SECRET);
    const source = createCredentialSource(read, 1000, () => now);
    await source('google');
    await source('google');
    expect(read).toHaveBeenCalledTimes(1);
    now = 1001;
    await source('google');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('a malformed secret is a failed read, not a crash, and is read again next time', async () => {
    const read = vi.fn().mockResolvedValueOnce('{not json').mockResolvedValueOnce(SECRET);
    const source = createCredentialSource(read);
    expect(await source('google')).toBeUndefined();
    expect(await source('google')).toEqual({ clientId: 'g-id', clientSecret: 'g-secret' });
  });

  it('client ids in the environment win (the embedded runtime) without reading the secret', async () => {
    const read = vi.fn(async () => SECRET);
    process.env.OAUTH_GOOGLE_CLIENT_ID = 'env-id';
    process.env.OAUTH_GOOGLE_CLIENT_SECRET = 'env-secret';
    try {
      expect(await createCredentialSource(read)('google')).toEqual({ clientId: 'env-id', clientSecret: 'env-secret' });
      expect(read).not.toHaveBeenCalled();
    } finally {
      delete process.env.OAUTH_GOOGLE_CLIENT_ID;
      delete process.env.OAUTH_GOOGLE_CLIENT_SECRET;
    }
  });
});
