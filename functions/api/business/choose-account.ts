import { businessContracts } from '@shared/contracts/business';
import { chooseAccount } from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

export const chooseAccountRoute = defineRoute(businessContracts.chooseAccount, {
  access: 'company',
  handle: async ({ body, companyId }) => ok(await chooseAccount(companyId, body.id)),
});
