import { companyContracts } from '@shared/contracts/company';
import { created, defineRoute } from '../../core/http/route';
import { companyView, createCompany as create } from '../../core/companies/company-store';
import { startDemoTrial } from '../../core/billing/subscription-store';
import { startDemoHistory } from '../../core/demo/demo-history';

export const createCompany = defineRoute(companyContracts.create, {
  access: 'user',
  handle: async ({ user, body }) => {
    const company = await create(body.name, user.id, body.demo);
    // A demo shows a paid plan's pages on a trial the paid-plan gate does not count (one demo per user).
    // Its report comes alive at once (the figures are drawn on read, reports/demo-metrics.ts), the
    // rest of its history within seconds, written by a job.
    if (company.demo) {
      await startDemoTrial(company.id);
      await startDemoHistory({ companyId: company.id, userId: user.id });
    }
    return created(await companyView(company));
  },
});
