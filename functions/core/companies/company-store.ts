import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Company, CompanyInfoInput, Goal } from '@shared/schemas/company';
import { getUsers } from '../accounts/user-store';
import { conflict } from '../http/errors';
import { memberKey } from '../membership';
import { table, tableName, isExpired } from '../table/client';
import { nextId } from '../table/counter';
import { batchDeleteAll, batchGetAll } from '../table/batch';

export interface CompanyItem {
  id: number;
  name: string;
  description: string;
  website: string;
  customers: string;
  goal: Goal | null;
  why: string;
  current_revenue: number | null;
  suggested_budget: number | null;
  tone: string;
  voice: string;
  locations: string[];
  onboarded: boolean;
  demo: boolean;
  createdAt: string;
  version: number;
}

export const companyKey = (id: number) => ({ pk: `COMPANY#${id}`, sk: 'COMPANY' });

const blankCompany = (id: number, name: string, demo: boolean): CompanyItem => ({
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
  version: 1,
});

const memberItem = (companyId: number, userId: number) => ({
  ...memberKey(companyId, userId),
  type: 'member',
  companyId,
  userId,
  joinedAt: new Date().toISOString(),
  // GSI1 lists a user's companies.
  gsi1pk: `USER#${userId}`,
  gsi1sk: `COMPANY#${companyId}`,
});

/** The company and its creator's membership, written together. */
export async function createCompany(name: string, ownerId: number, demo = false): Promise<CompanyItem> {
  const id = await nextId('company');
  const company = blankCompany(id, name, demo);
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...companyKey(id), type: 'company', ...company } } },
        { Put: { TableName: tableName(), Item: memberItem(id, ownerId) } },
      ],
    }),
  );
  return company;
}

export async function addMember(companyId: number, userId: number) {
  await table().send(new PutCommand({ TableName: tableName(), Item: memberItem(companyId, userId) }));
}

export async function getCompany(id: number): Promise<CompanyItem | undefined> {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: companyKey(id) }));
  return out.Item as CompanyItem | undefined;
}

/** The ids of the companies a user belongs to, oldest membership first. */
export async function companyIdsOf(userId: number): Promise<number[]> {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'COMPANY#' },
    }),
  );
  return (out.Items ?? []).map((i) => i.companyId as number).sort((a, b) => a - b);
}

/** Everything stored under one company's partition: members, invites, and later its content. */
async function companyPartition(companyId: number, prefix?: string) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}`, ...(prefix ? { ':prefix': prefix } : {}) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function memberIds(companyId: number): Promise<number[]> {
  return (await companyPartition(companyId, 'MEMBER#')).map((i) => i.userId as number);
}

export interface InviteItem {
  id: number;
  companyId: number;
  email: string;
  invitedBy: number;
  tokenHash: string;
  ttl: number;
}

/** Pending (unexpired) invites of a company. */
export async function pendingInvites(companyId: number): Promise<InviteItem[]> {
  return ((await companyPartition(companyId, 'INVITE#')) as unknown as InviteItem[]).filter((i) => !isExpired(i));
}

/** A company as the API shows it, with its users and pending invites. */
export async function companyView(company: CompanyItem): Promise<Company> {
  const [ids, invites] = await Promise.all([memberIds(company.id), pendingInvites(company.id)]);
  const users = (await getUsers(ids)).sort((a, b) => a.id - b.id);
  return {
    id: company.id,
    name: company.name,
    description: company.description,
    website: company.website,
    customers: company.customers,
    goal: company.goal,
    why: company.why,
    current_revenue: company.current_revenue,
    suggested_budget: company.suggested_budget,
    tone: company.tone,
    voice: company.voice,
    locations: company.locations,
    onboarded: company.onboarded,
    demo: company.demo,
    users: users.map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })),
    invites: invites.map((i) => ({ id: i.id, email: i.email })),
    icps: [],
  };
}

export async function getCompanies(ids: number[]): Promise<CompanyItem[]> {
  return (await batchGetAll<CompanyItem>([...new Set(ids)].map(companyKey))).sort((a, b) => a.id - b.id);
}

/** PATCH company info: only the fields sent change; the version guards lost updates. */
export async function updateCompanyInfo(companyId: number, fields: CompanyInfoInput & Record<string, unknown>) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = entries.map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: companyKey(companyId),
      UpdateExpression: `SET ${[...sets, '#version = #version + :one'].join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes as CompanyItem;
}

/** Removes the company's partition: company, members, invites (their token index goes with them), content. */
export async function deleteCompany(companyId: number) {
  const items = await companyPartition(companyId);
  await batchDeleteAll(items.map((i) => ({ pk: i.pk, sk: i.sk })));
}

/** Demo reset: the company's content goes, the company, its members and invites stay. */
export async function clearCompanyContent(companyId: number) {
  const keep = (sk: string) => sk === 'COMPANY' || sk.startsWith('MEMBER#') || sk.startsWith('INVITE#');
  const items = (await companyPartition(companyId)).filter((i) => !keep(String(i.sk)));
  await batchDeleteAll(items.map((i) => ({ pk: i.pk, sk: i.sk })));
  await updateCompanyInfo(companyId, {
    description: '',
    customers: '',
    why: '',
    tone: '',
    voice: '',
    locations: [],
    goal: null,
    current_revenue: null,
    suggested_budget: null,
    onboarded: false,
  });
}

export async function removeMember(companyId: number, userId: number) {
  const remaining = await memberIds(companyId);
  if (!remaining.includes(userId)) return false;
  if (remaining.length === 1) throw conflict('A company needs at least one member. Delete the company instead.');
  await table().send(new DeleteCommand({ TableName: tableName(), Key: memberKey(companyId, userId) }));
  return true;
}
