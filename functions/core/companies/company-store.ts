import { DEFAULT_ROLE, teamMessages } from '@shared/permissions';
import type { CompanyRole } from '@shared/schemas/company-record';
import type { Company, CompanyInfoInput } from '@shared/schemas/company';
import { getUsers } from '../accounts/user-store';
import { conflict } from '../errors';
import { conflictedItems } from '../table/conditional';
import { nextId } from '../table/counter';
import { transact, type TransactionItem } from '../table/entity';
import { companyItemPrefix, keys, partition, userIndexPrefix } from '../table/keys';
import { businessProfile, companies, type CompanyItem } from './company-entity';
import { demoMarkers } from './demo-marker-entity';
import { ownCompanyMarkers } from './own-company-marker-entity';
import { invites, type InviteItem } from './invite-entity';
import { members, type MemberItem } from './member-entity';
import { listIcps } from './icp-store';

export type { CompanyItem, InviteItem };

const LAST_MEMBER = 'A company needs at least one member. Delete the company instead.';

/** A company as it is first stored: its name, and nothing else filled in yet. */
export const blankCompany = (id: number, name: string, demo: boolean): CompanyItem => ({
  id,
  name,
  description: '',
  website: '',
  customers: '',
  goal: null,
  why: '',
  current_revenue: null,
  suggested_budget: null,
  tone: '',
  voice: '',
  locations: [],
  onboarded: false,
  demo,
  createdAt: new Date().toISOString(),
  memberCount: 1,
  adminCount: 1,
  version: 1,
});

/** The creator of a company is its admin; whoever joins later is a manager until an admin says otherwise. */
const newMember = (companyId: number, userId: number, role: CompanyRole): MemberItem => ({
  companyId,
  userId,
  joinedAt: new Date().toISOString(),
  role,
});

export const ONE_DEMO =
  'You already have a demo company. Open it from the company menu, or reset it from its Demo tab to start again.';

/**
 * The company and its creator's membership, written together. A demo company also writes its
 * creator's demo marker in the same transaction, on condition that the user has none (or that
 * the company it names was deleted): a second demo is a 409, and two creates at the same moment
 * cannot both succeed.
 */
export async function createCompany(name: string, ownerId: number, demo = false): Promise<CompanyItem> {
  const company = blankCompany(await nextId('company'), name, demo);
  let replacing: number | undefined;
  for (let attempt = 1; ; attempt++) {
    let created: Awaited<ReturnType<typeof transact>> | undefined;
    try {
      created = await transact([
        companies.tx.put(company, { ifAbsent: true }),
        members.tx.put(newMember(company.id, ownerId, 'admin')),
        ...(demo ? [demoMarkerPut(ownerId, company.id, replacing)] : []),
      ]);
    } catch (error) {
      // Another create is writing the marker at this moment (past five tries, the error).
      if (!(demo && conflictedItems(error).includes(2)) || attempt >= 5) throw error;
    }
    if (created?.ok) return company;
    // The company's id is fresh from the counter: only the demo marker's condition can fail.
    if (created && !(demo && created.failed.includes(2))) throw new Error(`Company ${company.id} exists already`);
    const conflicted = !created;
    if (attempt >= 5) throw conflict(ONE_DEMO);
    if (conflicted) {
      // Another create is writing the marker at this moment: look again once it is done.
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    const current = await demoMarkers.get(keys.userDemo(ownerId), { consistent: true });
    // The marker names a demo that still exists (made by another create meanwhile, perhaps).
    if (!current || (await companies.get(keys.company(current.companyId), { consistent: true })))
      throw conflict(ONE_DEMO);
    replacing = current.companyId;
  }
}

/**
 * Gives a user left without any company one of their own (the app has nothing to show without
 * one), and answers it; undefined when they have a company. Several requests can find the user
 * without one at the same moment (the removal, each of the app's requests refused once it is
 * out, a sign-in): the company is written with the user's marker, on condition that the marker
 * still names what was read, so one request makes it and the others answer the same company.
 */
export async function ensureOwnCompany(userId: number): Promise<CompanyItem | undefined> {
  for (let attempt = 1; ; attempt++) {
    if ((await companyIdsOf(userId)).length) return undefined;
    const marker = await ownCompanyMarkers.get(keys.userOwnCompany(userId), { consistent: true });
    if (marker && (await members.get(keys.member(marker.companyId, userId), { consistent: true }))) {
      // Made by another request a moment ago: the user index may not show it yet.
      const made = await companies.get(keys.company(marker.companyId), { consistent: true });
      if (made) return made;
    }
    const company = blankCompany(await nextId('company'), '', false);
    let created: Awaited<ReturnType<typeof transact>> | undefined;
    try {
      created = await transact([
        companies.tx.put(company, { ifAbsent: true }),
        members.tx.put(newMember(company.id, userId, 'admin')),
        ownCompanyMarkers.tx.put(
          { userId, companyId: company.id, createdAt: new Date().toISOString() },
          marker
            ? { onlyIf: { expression: 'companyId = :seen', values: { ':seen': marker.companyId } } }
            : { ifAbsent: true },
        ),
      ]);
    } catch (error) {
      // Another request is writing the marker at this moment (past five tries, the error).
      if (!conflictedItems(error).includes(2) || attempt >= 5) throw error;
    }
    if (created?.ok) return company;
    if (created && !created.failed.includes(2)) throw new Error(`Company ${company.id} exists already`);
    if (attempt >= 5) throw new Error(`No company of their own for user ${userId} after ${attempt} tries`);
    // Another request made one: read what it wrote.
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
}

/** The demo marker's put: absent, or naming the deleted company `replacing` (taken over on that condition). */
function demoMarkerPut(userId: number, companyId: number, replacing: number | undefined): TransactionItem {
  return demoMarkers.tx.put(
    { userId, companyId, createdAt: new Date().toISOString() },
    replacing === undefined
      ? { ifAbsent: true }
      : { onlyIf: { expression: 'companyId = :deleted', values: { ':deleted': replacing } } },
  );
}

const isAdmin = (member: Pick<MemberItem, 'role'>) => (member.role ?? DEFAULT_ROLE) === 'admin';

/** The member's stored role is still the one read: a legacy admin has none stored. */
const roleStill = (member: MemberItem) =>
  member.role === undefined
    ? { expression: 'attribute_not_exists(#role)', names: { '#role': 'role' } }
    : { expression: '#role = :role', names: { '#role': 'role' }, values: { ':role': member.role } };

/**
 * Makes sure the company counts its admins. A company from before the count gets it from its
 * members, written only while still absent; every change of an admin needs the count to exist
 * (its transactions add to it on condition that it does), so none can slip between the count
 * and its write.
 */
async function ensureAdminCount(companyId: number): Promise<void> {
  const company = await companies.get(keys.company(companyId), { consistent: true });
  if (!company || company.adminCount !== undefined) return;
  const admins = (await companyMembers(companyId)).filter(isAdmin).length;
  await companies.patch(keys.company(companyId), {
    set: { adminCount: admins },
    when: { expression: 'attribute_not_exists(adminCount)' },
    ifExists: true,
  });
}

const HAS_ADMIN_COUNT = { expression: 'attribute_exists(adminCount)' };
const OTHER_ADMIN = { expression: 'adminCount > :one', values: { ':one': 1 } };

/**
 * Adds a member with a role and counts them (and an admin as an admin), in one transaction;
 * joining twice changes nothing. Answers false when the company is gone.
 */
export async function addMember(companyId: number, userId: number, role: CompanyRole = 'manager'): Promise<boolean> {
  if (role === 'admin') await ensureAdminCount(companyId);
  const added = await transact([
    members.tx.put(newMember(companyId, userId, role), { ifAbsent: true }),
    companies.tx.patch(keys.company(companyId), {
      add: role === 'admin' ? { memberCount: 1, adminCount: 1 } : { memberCount: 1 },
      ...(role === 'admin' ? { when: HAS_ADMIN_COUNT } : {}),
      ifExists: true,
    }),
  ]);
  return added.ok;
}

/**
 * Removes a member unless they are the last one, or the last admin. Both counts' conditions are
 * checked by DynamoDB in the same transaction as the delete, so two admins removing each other at
 * the same moment cannot both succeed. Answers false when the user was not a member.
 */
export async function removeMember(companyId: number, userId: number): Promise<boolean> {
  const member = await members.get(keys.member(companyId, userId), { consistent: true });
  if (!member) return false;
  const admin = isAdmin(member);
  if (admin) await ensureAdminCount(companyId);
  const company = await companies.get(keys.company(companyId), { consistent: true });
  if (!company) return false;
  if (company.memberCount <= 1) throw conflict(LAST_MEMBER);
  if (admin && (company.adminCount ?? 0) <= 1) throw conflict(teamMessages.lastAdmin);
  const removed = await transact([
    members.tx.delete(keys.member(companyId, userId), { when: roleStill(member) }),
    companies.tx.patch(keys.company(companyId), {
      add: admin ? { memberCount: -1, adminCount: -1 } : { memberCount: -1 },
      when: {
        expression: admin ? 'memberCount > :one AND adminCount > :one' : 'memberCount > :one',
        values: { ':one': 1 },
      },
    }),
  ]);
  if (removed.ok) return true;
  // The member left or changed role a moment ago, or another removal won and this one is the last.
  const now = await members.get(keys.member(companyId, userId), { consistent: true });
  if (!now) return false;
  if (isAdmin(now) !== admin) return removeMember(companyId, userId);
  throw conflict(admin ? teamMessages.lastAdmin : LAST_MEMBER);
}

export const getCompany = (id: number) => companies.get(keys.company(id));

export async function getCompanies(ids: number[]): Promise<CompanyItem[]> {
  return (await companies.batchGet([...new Set(ids)].map(keys.company))).sort((a, b) => a.id - b.id);
}

/** The ids of the companies a user belongs to, oldest first. */
export async function companyIdsOf(userId: number): Promise<number[]> {
  const found = await members.queryIndex('GSI1', partition.user(userId), userIndexPrefix.company);
  return found.map((m) => m.companyId).sort((a, b) => a - b);
}

export async function memberIds(companyId: number): Promise<number[]> {
  return (await companyMembers(companyId)).map((m) => m.userId);
}

const companyMembers = (companyId: number) =>
  members.queryPartition(partition.company(companyId), companyItemPrefix.member);

/**
 * Sets a member's role (shared/permissions.ts), never taking the company's last admin away: the
 * admin count changes in the same transaction, on condition that the member's role is still the
 * one read and, for an admin stepping down, that another admin remains. Only if they are still a
 * member: a role never brings a removed member back. Answers false when they are not one.
 */
export async function setMemberRole(companyId: number, userId: number, role: CompanyRole): Promise<boolean> {
  const member = await members.get(keys.member(companyId, userId), { consistent: true });
  if (!member) return false;
  const wasAdmin = isAdmin(member);
  const becomesAdmin = role === 'admin';
  if (wasAdmin === becomesAdmin)
    return members.change(keys.member(companyId, userId), { set: { role }, ifExists: true });
  await ensureAdminCount(companyId);
  const changed = await transact([
    members.tx.patch(keys.member(companyId, userId), { set: { role }, when: roleStill(member), ifExists: true }),
    companies.tx.patch(keys.company(companyId), {
      add: { adminCount: becomesAdmin ? 1 : -1 },
      when: becomesAdmin ? HAS_ADMIN_COUNT : OTHER_ADMIN,
      ifExists: true,
    }),
  ]);
  if (changed.ok) return true;
  const now = await members.get(keys.member(companyId, userId), { consistent: true });
  if (!now) return false;
  // Someone else changed this member's role first: decide again from what is stored now.
  if (isAdmin(now) !== wasAdmin) return setMemberRole(companyId, userId, role);
  throw conflict(teamMessages.lastAdmin);
}

/** Pending (unexpired) invites of a company: expired ones are filtered on read. */
export async function pendingInvites(companyId: number): Promise<InviteItem[]> {
  return invites.queryPartition(partition.company(companyId), companyItemPrefix.invite);
}

/** A company as the API shows it, with its users, pending invites and ideal customers. */
export async function companyView(company: CompanyItem): Promise<Company> {
  const [memberItems, pending, icps] = await Promise.all([
    companyMembers(company.id),
    pendingInvites(company.id),
    listIcps(company.id),
  ]);
  const roles = new Map(memberItems.map((m) => [m.userId, m.role ?? DEFAULT_ROLE]));
  const users = (await getUsers([...roles.keys()])).sort((a, b) => a.id - b.id);
  return {
    id: company.id,
    ...businessProfile(company),
    current_revenue: company.current_revenue,
    suggested_budget: company.suggested_budget,
    onboarded: company.onboarded,
    demo: company.demo,
    users: users.map((u) => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      role: roles.get(u.id) ?? DEFAULT_ROLE,
    })),
    invites: pending.map((i) => ({ id: i.id, email: i.email, role: i.role ?? 'manager' })),
    icps,
  };
}

export type CompanyInfoFields = Partial<Omit<CompanyItem, 'id' | 'createdAt' | 'version' | 'memberCount' | 'demo'>>;

/** A demo's new report seed: the figures it draws from change, nothing else does. */
export async function setDemoSeed(companyId: number, demoSeed: number) {
  return companies.update(keys.company(companyId), { demoSeed });
}

/**
 * PATCH company info: only the fields sent change. The entity's versioned update re-reads
 * and retries when another member wrote in between, so neither write is lost.
 */
export async function updateCompanyInfo(companyId: number, fields: CompanyInfoFields | CompanyInfoInput) {
  return companies.update(keys.company(companyId), fields);
}
