import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hit, type Limit } from '../../functions/core/accounts/rate-limit';
import { DomainError } from '../../functions/core/errors';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * The attack fixed windows invited: spend a limit in the last seconds of a window and again in
 * the first seconds of the next, twice the limit in a few seconds. Counted on the suite's table.
 */
beforeAll(() => useSuiteRuntimeEnv());

const limit: Limit = { scope: 'test-sliding', max: 10, windowSeconds: 3600 };
const refused = async (attempt: Promise<void>) => {
  const error = await attempt.then(() => undefined).catch((e: unknown) => e);
  return error instanceof DomainError && error.kind === 'rate-limited';
};

describe('rate limits over a window boundary', () => {
  it('ten attempts at 00:59:59 and one at 01:00:01 is the eleventh: refused', async () => {
    const key = randomUUID();
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    for (let i = 0; i < 10; i++) expect(await refused(hit(limit, key, hour - 1000))).toBe(false);
    expect(await refused(hit(limit, key, hour + 1000))).toBe(true);
  });

  // Hours ahead of now: an item whose expiry has passed reads as absent, as DynamoDB's TTL makes it.
  it('a full window later the old attempts no longer count', async () => {
    const key = randomUUID();
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    for (let i = 0; i < 10; i++) expect(await refused(hit(limit, key, hour + 3_600_000 + 1000))).toBe(false);
    // Half way through the next window half of them still weigh: 5 + 5 more fit, the 6th does not.
    for (let i = 0; i < 4; i++) expect(await refused(hit(limit, key, hour + 9_000_000))).toBe(false);
    expect(await refused(hit(limit, key, hour + 9_000_000))).toBe(false);
    expect(await refused(hit(limit, key, hour + 9_000_000))).toBe(true);
    // Two windows on, nothing of them is left.
    expect(await refused(hit(limit, key, hour + 14_400_000 + 1000))).toBe(false);
  });
});
