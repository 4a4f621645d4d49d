import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTokenCrypto, kmsTokenCrypto, type TokenCrypto } from '../../functions/core/integrations/token-crypto';
import { MOTO_MISSING, motoAvailable, startMoto, type Moto } from '../support/moto';

/**
 * The token crypto port's two adapters, one contract: the local key file (embedded runtime)
 * and KMS (AWS, checked against moto's server when it is on the PATH).
 */
const context = { companyId: '7', platform: 'linkedin' };
const secret = JSON.stringify({ user: { accessToken: 'AQV-secret-token', refreshToken: 'AQX-refresh' } });

function contract(name: string, crypto: () => TokenCrypto) {
  describe(`${name} token crypto`, () => {
    it('round-trips, and the ciphertext shows nothing of the token', async () => {
      const sealed = await crypto().encrypt(secret, context);
      expect(sealed).toMatch(/^(gcm|kms):/);
      expect(sealed).not.toContain('AQV');
      expect(Buffer.from(sealed.slice(4), 'base64').toString('latin1')).not.toContain('secret-token');
      expect(await crypto().decrypt(sealed, context)).toBe(secret);
    });

    it('seals the same token differently each time', async () => {
      expect(await crypto().encrypt(secret, context)).not.toBe(await crypto().encrypt(secret, context));
    });

    it("refuses another company's or platform's context, and a tampered ciphertext", async () => {
      const sealed = await crypto().encrypt(secret, context);
      await expect(crypto().decrypt(sealed, { ...context, companyId: '8' })).rejects.toThrow();
      await expect(crypto().decrypt(sealed, { ...context, platform: 'threads' })).rejects.toThrow();
      const raw = Buffer.from(sealed.slice(4), 'base64');
      raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
      await expect(crypto().decrypt(`${sealed.slice(0, 4)}${raw.toString('base64')}`, context)).rejects.toThrow();
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'token-key-'));
const keyFile = join(dir, 'nested', 'platform-token.key');
contract('local key file', () => fileTokenCrypto(keyFile));

describe('local key file', () => {
  it('is made on first use, readable by its owner only, and kept across restarts', async () => {
    const sealed = await fileTokenCrypto(keyFile).encrypt(secret, context);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'base64')).toHaveLength(32);
    // A new process (a new adapter) reads the same key.
    expect(await fileTokenCrypto(keyFile).decrypt(sealed, context)).toBe(secret);
    // Another key cannot open it.
    await expect(fileTokenCrypto(join(dir, 'other.key')).decrypt(sealed, context)).rejects.toThrow();
  });
});

const available = motoAvailable();
let moto: Moto | undefined;
let kms: TokenCrypto | undefined;
describe.skipIf(!available)('KMS (moto)', () => {
  beforeAll(async () => {
    moto = await startMoto();
    const client = new KMSClient({
      endpoint: moto.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const key = await client.send(new CreateKeyCommand({ Description: 'platform tokens' }));
    kms = kmsTokenCrypto(key.KeyMetadata!.KeyId!, client);
  }, 60_000);
  afterAll(() => moto?.stop());
  contract('KMS', () => kms!);
});
if (!available) console.warn(MOTO_MISSING);
