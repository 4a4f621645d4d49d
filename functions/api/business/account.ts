import { businessContracts } from '@shared/contracts/business';
import { chosenAccount } from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

export const account = defineRoute(businessContracts.account, {
  access: 'company',
  handle: async ({ companyId }) => ok(await chosenAccount(companyId)),
});
