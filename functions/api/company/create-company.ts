import { companyContracts } from '@shared/contracts/company';
import { created, defineRoute } from '../../core/http/route';
import { companyView, createCompany as create } from '../../core/companies/company-store';
import { startDemoTrial } from '../../core/billing/subscription-store';
import { log } from '../../core/log';
import { seedDemoMetrics } from '../../core/reports/demo-metrics';

export const createCompany = defineRoute(companyContracts.create, {
  access: 'user',
  handle: async ({ user, body }) => {
    const company = await create(body.name, user.id, body.demo);
    // A demo shows a paid plan's pages on a trial the paid-plan gate does not count (one demo per user).
    if (company.demo) {
      await startDemoTrial(company.id);
      // It comes alive at once with a year of report figures; the company is made either way
      // (its Refresh report draws them again).
      await seedDemoMetrics(company.id).catch((error: unknown) =>
        log('warn', 'demo figures not seeded', { companyId: company.id, error: (error as Error).message }),
      );
    }
    return created(await companyView(company));
  },
});
