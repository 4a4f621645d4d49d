import { seoContracts } from '@shared/contracts/seo';
import { hit, type Limit } from '../../core/accounts/rate-limit';
import { requirePaidPlan } from '../../core/billing/paid-plan';
import { jobStartRoute } from '../job-start-route';
import { seoKeywordsJob } from '../../core/keywords/keywords-job';
import { companyWebsite } from '../../core/audit/company-website';

/**
 * Each generation pays a model: starts are counted per company, plenty for a marketer comparing
 * suggestions, tight for a script (429).
 */
const KEYWORD_GENERATION_LIMIT: Limit = { scope: 'seo-keywords-company', max: 10, windowSeconds: 3600 };

/** Spec 02 §7: SEO keywords need a paid plan and a company website; the job suggests them. */
export const generateKeywords = jobStartRoute(seoContracts.generateKeywords, seoKeywordsJob, async ({ companyId }) => {
  await requirePaidPlan(companyId);
  await companyWebsite(companyId);
  await hit(KEYWORD_GENERATION_LIMIT, String(companyId));
  return {};
});
