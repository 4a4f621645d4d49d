import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { created, defineRoute } from '../../core/http/route';
import { createWebhook } from '../../core/public-api/webhooks';

/** POST /api/public/webhooks: the answer is the one time the signing secret is shown; the caller is its maker. */
export const createWebhookRoute = defineRoute(publicApiSettingsContracts.createWebhook, {
  access: 'company',
  handle: async ({ companyId, user, body }) => created(await createWebhook(companyId, user.id, body)),
});
