import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { armRefresh, getConnection, statusOf } from '../../core/integrations/connection-store';

/** Connected, to which page or profile, or marked for reconnecting (with the sentence to show). */
export const status = defineRoute(integrationsContracts.status, {
  access: 'company',
  handle: async ({ params, companyId }) => {
    const connection = await getConnection(companyId, params.platform);
    // The apps tab and the post pages read the status: the moment to re-arm a refresh that fired.
    await armRefresh(connection);
    return ok(statusOf(connection));
  },
});
