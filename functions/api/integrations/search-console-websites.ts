import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { listWebsites } from '../../core/integrations/search-console-store';

/** Read live from Search Console, so a property the user lost is not offered. */
export const searchConsoleWebsites = defineRoute(searchConsoleContracts.websites, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listWebsites(companyId)),
});
