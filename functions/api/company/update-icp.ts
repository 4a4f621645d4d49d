import { companyContracts } from '@shared/contracts/company';
import { changeIcp } from '../../core/companies/icp-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/company/update/icp: approve, remove, back, or edit a pending profile of the selected company. */
export const updateIcp = defineRoute(companyContracts.updateIcp, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await changeIcp(companyId, body)),
});
