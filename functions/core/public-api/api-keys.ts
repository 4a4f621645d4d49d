import { createHash, randomBytes } from 'node:crypto';
import { MAX_API_KEYS, publicApiMessages, type ApiKey, type ApiKeyScope } from '@shared/schemas/public-api';
import { ulid } from 'ulid';
import { invalid, notFound } from '../errors';
import { companyCollection, keys } from '../table/keys';
import { API_KEY_KIND, apiKeys, type ApiKeyItem } from './api-key-entity';

/** Keys start with this, so a leaked one is recognisable to secret scanners and to people. */
export const API_KEY_PREFIX = 'mak_';

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toApi = (item: ApiKeyItem): ApiKey => ({
  id: item.id,
  name: item.name,
  scope: item.scope,
  prefix: item.prefix,
  createdAt: item.createdAt,
  lastUsedAt: item.lastUsedAt,
});

const companyKeys = (companyId: number) =>
  apiKeys.query({ index: 'GSI2', pk: companyCollection(companyId, API_KEY_KIND) });

export async function listApiKeys(companyId: number): Promise<ApiKey[]> {
  return (await companyKeys(companyId)).map(toApi);
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
  return { key: toApi(item), secret };
}

/** Deletes the key: the next request that sends it finds nothing. Another company's id is a 404. */
export async function revokeApiKey(companyId: number, keyId: string): Promise<void> {
  const item = (await companyKeys(companyId)).find((k) => k.id === keyId);
  if (!item) throw notFound(publicApiMessages.keyNotFound);
  await apiKeys.delete(keys.apiKey(item.hash));
}

/** The stored key a caller's key hashes to, if any (consistent: a revoke is effective at once). */
export const findApiKey = (key: string) => apiKeys.get(keys.apiKey(hashApiKey(key)), { consistent: true });

/** Last use is shown to people deciding what to revoke: a minute's precision is plenty, and spares a write per call. */
const LAST_USED_EVERY_MS = 60_000;

export async function noteApiKeyUse(item: ApiKeyItem, now = new Date()): Promise<void> {
  if (item.lastUsedAt && now.getTime() - Date.parse(item.lastUsedAt) < LAST_USED_EVERY_MS) return;
  await apiKeys.change(keys.apiKey(item.hash), { set: { lastUsedAt: now.toISOString() }, ifExists: true });
}
