import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { disconnectWordPress, getWordPressStatus } from '../../core/integrations/wordpress-connection';

/** Connected, to which site, or marked for reconnecting (the application password was revoked). */
export const wordpressStatus = defineRoute(wordpressContracts.status, {
  access: 'company',
  handle: async ({ companyId }) => ok(await getWordPressStatus(companyId)),
});

/** Idempotent, like the social platforms' disconnect. */
export const wordpressDisconnect = defineRoute(wordpressContracts.disconnect, {
  access: 'company',
  handle: async ({ companyId }) => {
    await disconnectWordPress(companyId);
    return ok({ connected: false });
  },
});
