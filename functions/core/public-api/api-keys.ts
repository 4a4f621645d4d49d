import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_NEEDS,
  MAX_API_KEYS,
  publicApiMessages,
  type ApiKey,
  type ApiKeyScope,
  type Maker,
  type MakerStatus,
} from '@shared/schemas/public-api';
import { ulid } from 'ulid';
import { companyIdsOf } from '../companies/company-store';
import { invalid, notFound } from '../errors';
import { companyCollection, keys } from '../table/keys';
import { API_KEY_KIND, apiKeys, type ApiKeyItem } from './api-key-entity';
import { withMaker, withMakers } from './makers';

/** Keys start with this, so a leaked one is recognisable to secret scanners and to people. */
export const API_KEY_PREFIX = 'mak_';

const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toApi = (item: ApiKeyItem, createdBy: Maker, status: MakerStatus): ApiKey => ({
  id: item.id,
  name: item.name,
  scope: item.scope,
  prefix: item.prefix,
  createdAt: item.createdAt,
  lastUsedAt: item.lastUsedAt,
  createdBy,
  status,
});

/** Keys as the settings tab shows them: with their maker and whether they still work (apiKeyCaller's rule). */
const described = (companyId: number, items: ApiKeyItem[]) =>
  withMakers(companyId, items, (k) => API_KEY_NEEDS[k.scope], toApi);

const companyKeys = (companyId: number) =>
  apiKeys.query({ index: 'GSI2', pk: companyCollection(companyId, API_KEY_KIND) });

export async function listApiKeys(companyId: number): Promise<ApiKey[]> {
  return described(companyId, await companyKeys(companyId));
}

async function companyKey(companyId: number, keyId: string): Promise<ApiKeyItem> {
  const item = (await companyKeys(companyId)).find((k) => k.id === keyId);
  if (!item) throw notFound(publicApiMessages.keyNotFound);
  return item;
}

/**
 * Makes a key of 256 random bits. Only its hash is written; the answer carries the key itself,
 * the one time anyone sees it.
 */
export async function createApiKey(
  companyId: number,
  userId: number,
  input: { name: string; scope: ApiKeyScope },
  now = new Date(),
): Promise<{ key: ApiKey; secret: string }> {
  if ((await companyKeys(companyId)).length >= MAX_API_KEYS) throw invalid(publicApiMessages.tooManyKeys);
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const item: ApiKeyItem = {
    companyId,
    id: ulid(now.getTime()),
    name: input.name,
    scope: input.scope,
    hash: hashApiKey(secret),
    prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
    createdAt: now.toISOString(),
    createdBy: userId,
    lastUsedAt: null,
  };
  await apiKeys.put(item, { ifAbsent: true });
  return { key: await withMaker(companyId, item, API_KEY_NEEDS[item.scope], toApi), secret };
}

/** Deletes the key: the next request that sends it finds nothing. Another company's id is a 404. */
export async function revokeApiKey(companyId: number, keyId: string): Promise<void> {
  const item = await companyKey(companyId, keyId);
  await apiKeys.delete(keys.apiKey(item.hash));
}

/**
 * Makes `userId` the key's maker: from its next request the key acts as them, so a key stopped
 * by its maker's leaving or demotion works again, with no new secret to roll out. The caller
 * is an admin (the route's developer permission), whose role has what either scope needs.
 */
export async function handOverApiKey(companyId: number, keyId: string, userId: number): Promise<ApiKey> {
  const item = await companyKey(companyId, keyId);
  // ifExists: a key revoked meanwhile stays revoked (a patch would write a bare item back).
  const handed = await apiKeys.patch(keys.apiKey(item.hash), { set: { createdBy: userId }, ifExists: true });
  if (!handed) throw notFound(publicApiMessages.keyNotFound);
  return withMaker(companyId, handed, API_KEY_NEEDS[handed.scope], toApi);
}

/**
 * Deletes every key `userId` made, in every company they belong to (a password reset's "also
 * revoke the API keys I made": a key that may have leaked with the password stops at once).
 * A key made in a company they have left is not theirs to revoke any more: it is stopped there
 * until an admin hands it over. Answers how many were revoked.
 */
export async function revokeApiKeysMadeBy(userId: number): Promise<number> {
  let revoked = 0;
  for (const companyId of await companyIdsOf(userId)) {
    for (const item of await companyKeys(companyId)) {
      if (item.createdBy !== userId) continue;
      if (await apiKeys.delete(keys.apiKey(item.hash))) revoked++;
    }
  }
  return revoked;
}

/** The stored key a caller's key hashes to, if any (consistent: a revoke is effective at once). */
export const findApiKey = (key: string) => apiKeys.get(keys.apiKey(hashApiKey(key)), { consistent: true });

/** Last use is shown to people deciding what to revoke: a minute's precision is plenty, and spares a write per call. */
const LAST_USED_EVERY_MS = 60_000;

export async function noteApiKeyUse(item: ApiKeyItem, now = new Date()): Promise<void> {
  if (item.lastUsedAt && now.getTime() - Date.parse(item.lastUsedAt) < LAST_USED_EVERY_MS) return;
  await apiKeys.change(keys.apiKey(item.hash), { set: { lastUsedAt: now.toISOString() }, ifExists: true });
}
