import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import { handOverApiKey } from '../../core/public-api/api-keys';

/** POST /api/public/keys/{keyId}/owner: the caller becomes the key's maker (another company's key: 404). */
export const handOverKey = defineRoute(publicApiSettingsContracts.handOverKey, {
  access: 'company',
  handle: async ({ companyId, user, params }) => ok(await handOverApiKey(companyId, params.keyId, user.id)),
});
