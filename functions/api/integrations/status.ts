import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { getConnection, statusOf } from '../../core/integrations/connection-store';

/** Connected, to which page or profile, or marked for reconnecting (with the sentence to show). */
export const status = defineRoute(integrationsContracts.status, {
  access: 'company',
  handle: async ({ params, companyId }) => ok(statusOf(await getConnection(companyId, params.platform))),
});
