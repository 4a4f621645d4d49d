import { reportsContracts } from '@shared/contracts/reports';
import { defineRoute, ok } from '../../core/http/route';
import { readReport } from '../../core/reports/report';

/** POST /api/reports: spec 02 §7's form of the same question (query from, to, platforms); the same answer as GET. */
export const reportsForm = defineRoute(reportsContracts.reportsForm, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await readReport(companyId, query)),
});
