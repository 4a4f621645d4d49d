import { z } from 'zod';
import { API_KEY_SCOPES } from '@shared/schemas/public-api';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

/** GSI2 kind of a company's API keys (its list, and the company cascade). */
export const API_KEY_KIND = 'APIKEY';

const apiKeyItemSchema = z.object({
  companyId: z.number().int(),
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** SHA-256 of the key, hex: the key itself is never stored. */
  hash: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.number().int(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;

/**
 * APIKEY#<sha256> / APIKEY: one GetItem finds a caller's key; GSI2 `COMPANY#<id>#APIKEY` lists a
 * company's keys by creation. Revoking deletes the item, so a revoked key finds nothing.
 */
export const apiKeys = defineEntity({
  type: 'api-key',
  schema: apiKeyItemSchema,
  key: (k) => keys.apiKey(k.hash),
  indexes: (k) => index.companyByDate(k.companyId, API_KEY_KIND, k.createdAt, k.id),
});
