import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/core/accounts/password-hash';

afterEach(() => vi.unstubAllEnvs());

const costOf = (hash: string) => Number(hash.split('$')[1]);

describe('password hashes', () => {
  it('store the full cost on AWS whatever PASSWORD_HASH_LOG2_N says', async () => {
    vi.stubEnv('RUNTIME', 'aws');
    vi.stubEnv('PASSWORD_HASH_LOG2_N', '10');
    const hash = await hashPassword('a long passphrase');
    expect(costOf(hash)).toBe(2 ** 15);
    expect(await verifyPassword('a long passphrase', hash)).toBe(true);
  });

  it('take a lowered cost on the embedded runtime, and still verify hashes made at full cost', async () => {
    vi.stubEnv('RUNTIME', 'local');
    vi.stubEnv('PASSWORD_HASH_LOG2_N', undefined);
    const full = await hashPassword('a long passphrase');
    vi.stubEnv('PASSWORD_HASH_LOG2_N', '10');
    const cheap = await hashPassword('a long passphrase');
    expect([costOf(full), costOf(cheap)]).toEqual([2 ** 15, 2 ** 10]);
    expect(await verifyPassword('a long passphrase', full)).toBe(true);
    expect(await verifyPassword('a long passphrase', cheap)).toBe(true);
    expect(await verifyPassword('another passphrase', cheap)).toBe(false);
  });

  it('ignore a cost outside 2^10 … 2^15', async () => {
    vi.stubEnv('RUNTIME', 'local');
    for (const asked of ['4', '16', 'x', '12.5']) {
      vi.stubEnv('PASSWORD_HASH_LOG2_N', asked);
      expect(costOf(await hashPassword('p')), asked).toBe(2 ** 15);
    }
  });
});
