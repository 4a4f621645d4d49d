import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { created, defineRoute } from '../../core/http/route';
import * as webhooks from '../../core/public-api/webhooks';

/** POST /api/public/webhooks: the answer is the one time the signing secret is shown; the caller is its maker. */
export const createWebhook = defineRoute(publicApiSettingsContracts.createWebhook, {
  access: 'company',
  handle: async ({ companyId, user, body }) => created(await webhooks.createWebhook(companyId, user.id, body)),
});
