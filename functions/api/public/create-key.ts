import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { created, defineRoute } from '../../core/http/route';
import { createApiKey } from '../../core/public-api/api-keys';

/** POST /api/public/keys: the key acts as its maker, the caller, for as long as their role allows. */
export const createKey = defineRoute(publicApiSettingsContracts.createKey, {
  access: 'company',
  handle: async ({ companyId, user, body }) => created(await createApiKey(companyId, user.id, body)),
});
