import { reportsContracts } from '@shared/contracts/reports';
import { getCompany } from '../../core/companies/company-store';
import { conflict, notFound } from '../../core/errors';
import { defineRoute, noContent } from '../../core/http/route';
import { refreshDemoFigures } from '../../core/reports/demo-metrics';
import { startDemoHistory } from '../../core/demo/demo-history';

const DEMO_ONLY = "Only a demo company's report can be refreshed: a real company's figures come from its platforms.";

/**
 * POST /api/reports/demo/refresh (spec 01 §2 'Refresh report'): a new year of sample figures for a
 * demo company, and its sample history written again around today (posts, and whatever a reset removed).
 */
export const refreshDemo = defineRoute(reportsContracts.refreshDemo, {
  access: 'company',
  handle: async ({ companyId, user }) => {
    const company = await getCompany(companyId);
    if (!company) throw notFound();
    if (!company.demo) throw conflict(DEMO_ONLY);
    await refreshDemoFigures(companyId);
    await startDemoHistory({ companyId, userId: user.id });
    return noContent();
  },
});
