import { businessContracts } from '@shared/contracts/business';
import { chooseAccount, chosenAccount, listAccounts, listLocations } from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

/** Read live from the Business Profile API, so an account the user lost is not offered. */
export const accounts = defineRoute(businessContracts.accounts, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listAccounts(companyId)),
});

export const account = defineRoute(businessContracts.account, {
  access: 'company',
  handle: async ({ companyId }) => ok(await chosenAccount(companyId)),
});

export const chooseAccountRoute = defineRoute(businessContracts.chooseAccount, {
  access: 'company',
  handle: async ({ body, companyId }) => ok(await chooseAccount(companyId, body.id)),
});

/** Read live, so a location removed at Google is not offered. */
export const locations = defineRoute(businessContracts.locations, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listLocations(companyId)),
});
