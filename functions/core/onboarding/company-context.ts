import type { AiCompanyContext } from '../ai/ai-port';
import { businessProfile, type CompanyItem } from '../companies/company-entity';

/** What the AI port is told about a company: its saved fields, and the profiles it approved. */
export function companyContext(company: CompanyItem, approvedProfiles: string[] = []): AiCompanyContext {
  return {
    ...businessProfile(company),
    icps: approvedProfiles,
    currentRevenue: company.current_revenue,
    suggestedBudget: company.suggested_budget,
  };
}
