import { beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../../functions/core/table/entity';
import { partition } from '../../functions/core/table/keys';
import { COMPANY_DATA } from '../../functions/core/composition-root/company-registry';
import {
  addMember,
  companyIdsOf,
  createCompany,
  getCompany,
  memberIds,
  updateCompanyInfo,
} from '../../functions/core/companies/company-store';
import { deleteCompany, resetDemoCompany } from '../../functions/core/composition-root/company-cascade';
import { countObjectsUnder, companyObjectPrefix } from '../../functions/core/storage/company-objects';
import { signedInUser } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * The company cascade against the suite's DynamoDB Local and s3rver. Every registration in
 * COMPANY_DATA writes its own example, so an area that registers new data is covered here
 * without this test being told.
 */
beforeAll(() => {
  useSuiteRuntimeEnv();
});

/** A company with one example of every registered kind of data, plus the owner's membership. */
async function companyWithEverything(ownerId: number) {
  const company = await createCompany('Cascade Co', ownerId, true);
  for (const data of COMPANY_DATA) await data.example(company.id);
  for (const data of COMPANY_DATA) expect(await data.remaining(company.id), `${data.name} example`).toBeGreaterThan(0);
  return company.id;
}

describe('the company cascade', () => {
  it('registers data of every kind: items in the partition, a GSI2 collection, objects and schedules', () => {
    const names = COMPANY_DATA.map((d) => d.name);
    expect(names).toEqual(
      expect.arrayContaining(['members', 'invites', 'files in the media bucket', 'one-time schedules']),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('delete leaves no item, object or schedule behind for any registered data', async () => {
    const companyId = await companyWithEverything(800_000_001);
    await deleteCompany(companyId);
    for (const data of COMPANY_DATA) expect(await data.remaining(companyId), data.name).toBe(0);
    expect(await getCompany(companyId)).toBeUndefined();
    const partitionItems = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition.company(companyId) },
    });
    expect(partitionItems).toEqual([]);
    expect(await countObjectsUnder(companyObjectPrefix(companyId))).toBe(0);
  });

  it('a member left without any company after a delete gets a fresh one', async () => {
    const owner = 800_000_002;
    const companyId = await createCompany('Only one', owner).then((c) => c.id);
    await deleteCompany(companyId);
    const left = await companyIdsOf(owner);
    expect(left).toHaveLength(1);
    expect(left[0]).not.toBe(companyId);
  });

  it('the demo reset removes company data, plans and posts; the company, members and invites stay', async () => {
    const companyId = await companyWithEverything(800_000_003);
    await updateCompanyInfo(companyId, { description: 'x'.repeat(90), tone: 'Warm', onboarded: true });
    await resetDemoCompany(companyId);
    for (const data of COMPANY_DATA) {
      const left = await data.remaining(companyId);
      if (data.keptByDemoReset) expect(left, `${data.name} is kept`).toBeGreaterThan(0);
      else expect(left, `${data.name} is removed`).toBe(0);
    }
    const company = await getCompany(companyId);
    expect(company).toMatchObject({ name: 'Cascade Co', demo: true, description: '', tone: '', onboarded: false });
    expect(await memberIds(companyId)).toContain(800_000_003);
  });
});

describe('the last-member rule under concurrency', () => {
  it('two admins removing each other at the same moment leave one member, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await signedInUser(`race-a${round}`);
      const b = await signedInUser(`race-b${round}`);
      // Both admins: removing members is an admin's (shared/permissions.ts).
      await addMember(a.companyId, b.profile.id, 'admin');
      const [one, two] = await Promise.all([
        a.client.delete(`/api/company/${a.companyId}/users/${b.profile.id}`),
        b.client.delete(`/api/company/${a.companyId}/users/${a.profile.id}`),
      ]);
      // One removal wins. The other is refused as the last member's or admin's (409), or, when the winner
      // was done before it was even looked at, as coming from someone no longer a member (404).
      const statuses = [one.status, two.status].sort();
      expect(statuses[0], `round ${round}`).toBe(204);
      expect([404, 409], `round ${round}`).toContain(statuses[1]);
      expect(await memberIds(a.companyId)).toHaveLength(1);
      expect((await getCompany(a.companyId))?.memberCount).toBe(1);
      expect((await getCompany(a.companyId))?.adminCount).toBe(1);
    }
  });
});

describe('item size', () => {
  it('three 65,536-character fields of 3-byte characters are a clear 422, not a 500', async () => {
    const a = await signedInUser('big');
    const long = '€'.repeat(65_536);
    const res = await a.client.patch('/api/company/company', { description: long, customers: long, why: long });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/too much text/i);
    const list = await a.client.get('/api/company');
    expect(list.body.find((c: { id: number }) => c.id === a.companyId).description).toBe('');
  });
});
