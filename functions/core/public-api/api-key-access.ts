import { roleMay } from '@shared/permissions';
import type { CompanyRole } from '@shared/schemas/company-record';
import { API_KEY_NEEDS, publicApiMessages, type ApiKeyScope } from '@shared/schemas/public-api';
import { hit, type Limit } from '../accounts/rate-limit';
import { forbidden, unauthorized } from '../errors';
import { header, type HttpEvent } from '../http/event';
import { memberRole } from '../membership';
import { API_KEY_PREFIX, findApiKey, noteApiKeyUse } from './api-keys';

/**
 * Requests per key and minute. Counted per key, not per company, so one integration that loops
 * stops itself without starving the company's others; a company has at most 20 keys.
 */
const API_KEY_LIMIT: Limit = {
  scope: 'api-key',
  max: 60,
  windowSeconds: 60,
  message: publicApiMessages.rateLimited,
};

/** A key is its prefix and 43 base64url characters; anything else is not looked up at all. */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/**
 * Who a public-API request acts as: the company its key belongs to, with the role its maker has
 * there now. No key, an unknown or revoked key, or a key whose maker left the company or lost the
 * role the key's scope needs: 401. A read key on a write route: 403. Over the key's limit: 429
 * with Retry-After. The key, never a path or a body, names the company, so a key of one company
 * cannot reach another's data.
 */
export async function apiKeyCaller(
  event: HttpEvent,
  needs: ApiKeyScope,
): Promise<{ companyId: number; role: CompanyRole; makerId: number }> {
  const match = /^Bearer\s+(\S+)$/i.exec(header(event, 'authorization') ?? '');
  if (!match) throw unauthorized(publicApiMessages.missingKey);
  const key = match[1] ?? '';
  const item = KEY_SHAPE.test(key) ? await findApiKey(key) : undefined;
  if (!item) throw unauthorized(publicApiMessages.badKey);
  // Read on every request, never cached: a removed or demoted maker's key stops at once.
  const role = await memberRole(item.companyId, item.createdBy);
  if (!role || !roleMay(role, API_KEY_NEEDS[item.scope])) throw unauthorized(publicApiMessages.makerGone);
  await hit(API_KEY_LIMIT, item.id);
  if (needs === 'write' && item.scope !== 'write') throw forbidden(publicApiMessages.readOnlyKey);
  await noteApiKeyUse(item);
  return { companyId: item.companyId, role, makerId: item.createdBy };
}
