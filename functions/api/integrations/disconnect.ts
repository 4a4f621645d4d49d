import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { disconnect as forget } from '../../core/integrations/connection-store';

/** Idempotent: disconnecting what is not connected answers the same "not connected". */
export const disconnect = defineRoute(integrationsContracts.disconnect, {
  access: 'company',
  handle: async ({ params, companyId }) => {
    await forget(companyId, params.platform);
    return ok({ connected: false });
  },
});
