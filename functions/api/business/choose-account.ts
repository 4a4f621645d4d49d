import { businessContracts } from '@shared/contracts/business';
import * as googleMyBusiness from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

export const chooseAccount = defineRoute(businessContracts.chooseAccount, {
  access: 'company',
  handle: async ({ body, companyId }) => ok(await googleMyBusiness.chooseAccount(companyId, body.id)),
});
