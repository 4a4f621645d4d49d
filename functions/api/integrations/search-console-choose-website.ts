import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { chooseWebsite } from '../../core/integrations/search-console-store';

export const searchConsoleChooseWebsite = defineRoute(searchConsoleContracts.chooseWebsite, {
  access: 'company',
  handle: async ({ body, companyId }) => ok(await chooseWebsite(companyId, body.url)),
});
