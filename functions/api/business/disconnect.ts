import { businessContracts } from '@shared/contracts/business';
import { defineRoute, ok } from '../../core/http/route';
import { disconnect as forget } from '../../core/integrations/connection-store';

/** Forgets the connection; the grant is revoked at Google too (best effort). */
export const disconnect = defineRoute(businessContracts.disconnect, {
  access: 'company',
  handle: async ({ companyId }) => {
    await forget(companyId, 'google-my-business');
    return ok({ connected: false });
  },
});
