import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/core/table/keys';
import { members } from '../../functions/core/companies/member-entity';
import { ensureOwnCompany } from '../../functions/core/companies/company-store';
import { signedInUser } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * A user left without any company is given one of their own, once: the requests that find them
 * without one at the same moment (the app's calls refused after a removal, each listing the
 * companies again) all answer the same company, on the suite's runtime and in-process alike.
 */
beforeAll(() => useSuiteRuntimeEnv());

/** A user whose only membership is gone (as right after a removal, before anything mended it). */
async function userWithoutCompany(label: string) {
  const user = await signedInUser(label);
  await members.delete(keys.member(user.companyId, user.profile.id as number));
  return user;
}

describe('a user without a company', () => {
  it('gets one company from six lists at once, not one each', async () => {
    const user = await userWithoutCompany('own-company-lists');
    const lists = await Promise.all(Array.from({ length: 6 }, () => user.client.get('/api/company')));
    expect(lists.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = lists.map((res) => (res.body as { id: number }[]).map((c) => c.id));
    expect(new Set(ids.flat()).size).toBe(1);
    expect(ids.every((list) => list.length === 1)).toBe(true);
    expect(ids[0]![0]).not.toBe(user.companyId);
    const after = await user.client.get('/api/company');
    expect((after.body as { id: number }[]).map((c) => c.id)).toEqual(ids[0]);
  });

  it('gets one company from callers racing in-process, and none when they have one', async () => {
    const user = await userWithoutCompany('own-company-calls');
    const userId = user.profile.id as number;
    const made = await Promise.all(Array.from({ length: 5 }, () => ensureOwnCompany(userId)));
    const ids = new Set(made.map((company) => company?.id));
    // Each caller answers the one company, or nothing once the index already shows it.
    ids.delete(undefined);
    expect(ids.size).toBe(1);
    expect(await ensureOwnCompany(userId)).toBeUndefined();
    const listed = await user.client.get('/api/company');
    expect((listed.body as { id: number }[]).map((c) => c.id)).toEqual([...ids]);
  });
});
