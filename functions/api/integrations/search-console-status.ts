import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { getSearchConsoleStatus } from '../../core/integrations/search-console-store';

export const searchConsoleStatus = defineRoute(searchConsoleContracts.status, {
  access: 'company',
  handle: async ({ companyId }) => ok(await getSearchConsoleStatus(companyId)),
});
