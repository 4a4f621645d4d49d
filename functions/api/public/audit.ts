import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { latestPublicAudit } from '../../core/audit/public-audit';

/** GET /api/public/v1/audit: the latest finished site audit's score and counts. */
export const audit = defineRoute(publicApiContracts.audit, {
  access: 'api-read',
  handle: async ({ companyId }) => ok(await latestPublicAudit(companyId)),
});
