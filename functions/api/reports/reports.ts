import { reportsContracts } from '@shared/contracts/reports';
import { defineRoute, ok } from '../../core/http/route';
import { readReport } from '../../core/reports/report';

/** GET /api/reports: the company's followers, likes, comments and shares per platform and day. */
export const reports = defineRoute(reportsContracts.reports, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await readReport(companyId, query)),
});
