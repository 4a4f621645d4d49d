import { onboardingMessages } from '@shared/schemas/onboarding';
import { conflict, notFound } from '../errors';
import { nextId } from '../table/counter';
import { STALE_WRITE, transact } from '../table/entity';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { partitionData } from './company-data';
import { icps, type IcpItem } from './icp-entity';

/** A company's ideal customer profiles, oldest first (ids come from a counter). */
export async function listIcps(companyId: number): Promise<IcpItem[]> {
  return (await icps.queryPartition(partition.company(companyId), companyItemPrefix.icp)).sort((a, b) => a.id - b.id);
}

/** The approved profiles, which the plan is written for. */
export const approvedIcps = async (companyId: number) => (await listIcps(companyId)).filter((i) => i.approved === true);

/**
 * Stores freshly generated profiles as pending, in place of every profile not approved: a new
 * generation replaces what the user has not kept, and never what they approved. One transaction,
 * each removal on condition the profile is unchanged since it was read, so an approval made while
 * the job runs is not lost (the job reads again and retries). Running it twice leaves the same set.
 */
export async function replaceUndecidedIcps(companyId: number, profiles: string[]): Promise<IcpItem[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await listIcps(companyId);
    const replaced = current.filter((i) => i.approved !== true);
    const now = new Date().toISOString();
    const fresh: IcpItem[] = [];
    for (const profile of profiles)
      fresh.push({ id: await nextId('icp'), company_id: companyId, profile, updatedAt: now, approved: null });
    const replacedNow = await transact([
      ...replaced.map((i) => icps.tx.delete(keys.icp(companyId, i.id), { when: unchangedSince(i.updatedAt) })),
      ...fresh.map((i) => icps.tx.put(i, { ifAbsent: true })),
    ]);
    if (replacedNow.ok) return fresh;
  }
  throw conflict(STALE_WRITE);
}

/** A profile's writes are on condition that it is still the one read. */
const unchangedSince = (updatedAt: string) => ({ expression: 'updatedAt = :read', values: { ':read': updatedAt } });

export interface IcpChange {
  id: number;
  profile: string;
  approved: boolean | null;
}

/**
 * The ICP transitions of spec 01 §4: a pending profile is approved or removed, a decided one
 * goes back to pending, and only a pending one can be edited. Written on condition that it is
 * still the version read, so two members deciding at once cannot silently overwrite each other.
 */
export async function changeIcp(companyId: number, change: IcpChange): Promise<IcpItem> {
  const current = await icps.get(keys.icp(companyId, change.id), { consistent: true });
  if (!current) throw notFound(onboardingMessages.icpNotFound);
  const profileChanged = current.profile !== change.profile;
  const decisionChanged = current.approved !== change.approved;
  if (!profileChanged && !decisionChanged) return current;
  if (profileChanged && current.approved !== null) throw conflict(onboardingMessages.icpEditOnlyPending);
  if (decisionChanged && current.approved !== null && change.approved !== null)
    throw conflict(onboardingMessages.icpDecideFromPending);
  const next: IcpItem = {
    ...current,
    profile: change.profile,
    approved: change.approved,
    updatedAt: new Date().toISOString(),
  };
  icps.toItem(next); // the size check, before the write
  const changed = await icps.change(keys.icp(companyId, change.id), {
    set: { profile: next.profile, approved: next.approved, updatedAt: next.updatedAt },
    when: unchangedSince(current.updatedAt),
  });
  if (!changed) throw conflict(STALE_WRITE);
  return next;
}

/** ICPs are company data: the demo reset and the company delete remove them. */
export const icpData = partitionData({
  name: 'ideal customer profiles',
  skPrefix: companyItemPrefix.icp,
  example: async (companyId) => {
    await icps.put({
      id: await nextId('icp'),
      company_id: companyId,
      profile: '# Example',
      updatedAt: new Date().toISOString(),
      approved: null,
    });
  },
});
