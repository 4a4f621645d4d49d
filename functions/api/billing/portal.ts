import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { portalAddress } from '../../core/billing/billing-service';

export const portal = defineRoute(billingContracts.portal, {
  access: 'company',
  handle: async ({ companyId }) => ok(await portalAddress(companyId)),
});
