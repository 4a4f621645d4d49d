import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { armRefresh, getConnection, statusOf } from '../../core/integrations/connection-store';

/** Connected, to which page or profile, or marked for reconnecting (with the sentence to show). */
export const status = defineRoute(integrationsContracts.status, {
  access: 'company',
  handle: async ({ params, companyId }) => {
    const connection = await getConnection(companyId, params.platform);
    // The refresh job arms its own next run; a read re-arms too, should a job have ended before it could.
    await armRefresh(connection);
    return ok(statusOf(connection));
  },
});
