import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { chosenWebsite } from '../../core/integrations/search-console-store';

export const searchConsoleWebsite = defineRoute(searchConsoleContracts.website, {
  access: 'company',
  handle: async ({ companyId }) => ok(await chosenWebsite(companyId)),
});
