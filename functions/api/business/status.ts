import { businessContracts } from '@shared/contracts/business';
import { getBusinessStatus } from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

/** Asked of Google on each read: a grant taken back answers `message: 'disconnected'` (spec 01 §3). */
export const status = defineRoute(businessContracts.status, {
  access: 'company',
  handle: async ({ companyId }) => ok(await getBusinessStatus(companyId)),
});
