import { businessContracts } from '@shared/contracts/business';
import { listAccounts } from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

/** Read live from the Business Profile API, so an account the user lost is not offered. */
export const accounts = defineRoute(businessContracts.accounts, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listAccounts(companyId)),
});
