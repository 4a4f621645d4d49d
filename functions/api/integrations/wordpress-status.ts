import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { getConnection, statusOf } from '../../core/integrations/connection-store';

/** Connected, to which site, or marked for reconnecting (the application password was revoked). */
export const wordpressStatus = defineRoute(wordpressContracts.status, {
  access: 'company',
  handle: async ({ companyId }) => ok(statusOf(await getConnection(companyId, 'wordpress'))),
});
