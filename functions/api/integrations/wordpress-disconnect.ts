import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { disconnectWordPress } from '../../core/integrations/wordpress-connection';

/** Idempotent, like every platform's disconnect; the application password is revoked on the site first. */
export const wordpressDisconnect = defineRoute(wordpressContracts.disconnect, {
  access: 'company',
  handle: async ({ companyId }) => {
    await disconnectWordPress(companyId);
    return ok({ connected: false });
  },
});
