import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { disconnect } from '../../core/integrations/connection-store';

/** Forgets the Google profile's connection; the grant is revoked at Google too (best effort). */
export const searchConsoleDisconnect = defineRoute(searchConsoleContracts.disconnect, {
  access: 'company',
  handle: async ({ companyId }) => {
    await disconnect(companyId, 'google');
    return ok({ connected: false });
  },
});
