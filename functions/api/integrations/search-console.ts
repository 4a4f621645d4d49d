import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { disconnectGoogle } from '../../core/integrations/google-connection';
import {
  chooseWebsite,
  chosenWebsite,
  getSearchConsoleStatus,
  listWebsites,
} from '../../core/integrations/search-console-store';

export const searchConsoleStatus = defineRoute(searchConsoleContracts.status, {
  access: 'company',
  handle: async ({ companyId }) => ok(await getSearchConsoleStatus(companyId)),
});

export const searchConsoleDisconnect = defineRoute(searchConsoleContracts.disconnect, {
  access: 'company',
  handle: async ({ companyId }) => {
    await disconnectGoogle(companyId, 'google');
    return ok({ connected: false });
  },
});

/** Read live from Search Console, so a property the user lost is not offered. */
export const searchConsoleWebsites = defineRoute(searchConsoleContracts.websites, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listWebsites(companyId)),
});

export const searchConsoleWebsite = defineRoute(searchConsoleContracts.website, {
  access: 'company',
  handle: async ({ companyId }) => ok(await chosenWebsite(companyId)),
});

export const searchConsoleChooseWebsite = defineRoute(searchConsoleContracts.chooseWebsite, {
  access: 'company',
  handle: async ({ body, companyId }) => ok(await chooseWebsite(companyId, body.url)),
});
