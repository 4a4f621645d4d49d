import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { created, defineRoute } from '../../core/http/route';
import { createApiKey } from '../../core/public-api/api-keys';

/**
 * POST /api/public/keys. Any member may make one: the product has no roles, every member of a
 * company manages it whole (its team, its billing, its deletion).
 */
export const createKeyRoute = defineRoute(publicApiSettingsContracts.createKey, {
  access: 'company',
  handle: async ({ companyId, user, body }) => created(await createApiKey(companyId, user.id, body)),
});
