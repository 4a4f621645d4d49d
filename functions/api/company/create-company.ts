import { companyContracts } from '@shared/contracts/company';
import { created, defineRoute } from '../../core/http/route';
import { companyView, createCompany as create } from '../../core/companies/company-store';
import { startDemoTrial } from '../../core/billing/subscription-store';

export const createCompany = defineRoute(companyContracts.create, {
  access: 'user',
  handle: async ({ user, body }) => {
    const company = await create(body.name, user.id, body.demo);
    // A demo shows a paid plan's pages on a trial the paid-plan gate does not count (one demo per user).
    // Its report comes alive at once: a demo's figures are drawn on read (reports/demo-metrics.ts).
    if (company.demo) await startDemoTrial(company.id);
    return created(await companyView(company));
  },
});
