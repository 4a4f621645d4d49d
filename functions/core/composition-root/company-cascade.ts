import { keys } from '../table/keys';
import { companies } from '../companies/company-entity';
import { COMPANY_DATA } from './company-registry';
import { ensureOwnCompany, memberIds, updateCompanyInfo } from '../companies/company-store';

/**
 * Deletes a company and everything registered as its data. A former member left without any
 * company gets a fresh one: the app has nothing to show a user without a company.
 */
export async function deleteCompany(companyId: number): Promise<void> {
  const formerMembers = await memberIds(companyId);
  for (const data of COMPANY_DATA) await data.remove(companyId);
  await companies.delete(keys.company(companyId));
  for (const userId of formerMembers) await ensureOwnCompany(userId);
}

/** The demo tab's reset: company data, plans and posts go; the company, its people and invites stay. */
export async function resetDemoCompany(companyId: number): Promise<void> {
  // First: a sample history being written now stops at its next step rather than refill the demo.
  await updateCompanyInfo(companyId, { demoResetAt: new Date().toISOString() });
  for (const data of COMPANY_DATA) if (!data.keptByDemoReset) await data.remove(companyId);
  await updateCompanyInfo(companyId, {
    description: '',
    customers: '',
    why: '',
    tone: '',
    voice: '',
    locations: [],
    goal: null,
    current_revenue: null,
    suggested_budget: null,
    onboarded: false,
  });
}
