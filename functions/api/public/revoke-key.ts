import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, noContent } from '../../core/http/route';
import { revokeApiKey } from '../../core/public-api/api-keys';

/** DELETE /api/public/keys/{keyId}: looked up among the selected company's keys only. */
export const revokeKey = defineRoute(publicApiSettingsContracts.revokeKey, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await revokeApiKey(companyId, params.keyId);
    return noContent();
  },
});
