import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import { listApiKeys } from '../../core/public-api/api-keys';

/** GET /api/public/keys: names, scopes and first characters; the keys themselves are not stored. */
export const listKeys = defineRoute(publicApiSettingsContracts.listKeys, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listApiKeys(companyId)),
});
