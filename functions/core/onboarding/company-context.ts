import type { AiCompanyContext } from '../ai/ai-port';
import type { CompanyItem } from '../companies/company-entity';

/** What the AI port is told about a company: its saved fields, and the profiles it approved. */
export function companyContext(company: CompanyItem, approvedProfiles: string[] = []): AiCompanyContext {
  return {
    name: company.name,
    description: company.description,
    website: company.website,
    customers: company.customers,
    goal: company.goal,
    why: company.why,
    tone: company.tone,
    voice: company.voice,
    locations: company.locations,
    icps: approvedProfiles,
    currentRevenue: company.current_revenue,
    suggestedBudget: company.suggested_budget,
  };
}
