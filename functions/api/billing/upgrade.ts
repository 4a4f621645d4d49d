import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { startUpgrade } from '../../core/billing/billing-service';

export const upgrade = defineRoute(billingContracts.upgrade, {
  access: 'company',
  handle: async ({ companyId, user, body }) => ok(await startUpgrade(companyId, user.id, body)),
});
