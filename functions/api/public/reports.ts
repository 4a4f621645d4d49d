import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { readReport } from '../../core/reports/report';

/** GET /api/public/v1/reports: the report page's audience figures. */
export const reports = defineRoute(publicApiContracts.reports, {
  access: 'api-read',
  handle: async ({ companyId, query }) => ok(await readReport(companyId, query)),
});
