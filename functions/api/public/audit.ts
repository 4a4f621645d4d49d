import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { latestPublicAudit } from '../../core/public-api/public-audit';

/** GET /api/public/v1/audit: the latest finished site audit's score and counts. */
export const auditRoute = defineRoute(publicApiContracts.audit, {
  access: 'api-read',
  handle: async ({ companyId }) => ok(await latestPublicAudit(companyId)),
});
