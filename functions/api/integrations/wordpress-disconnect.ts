import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { disconnect } from '../../core/integrations/connection-store';

/** Idempotent, like every platform's disconnect. */
export const wordpressDisconnect = defineRoute(wordpressContracts.disconnect, {
  access: 'company',
  handle: async ({ companyId }) => {
    await disconnect(companyId, 'wordpress');
    return ok({ connected: false });
  },
});
