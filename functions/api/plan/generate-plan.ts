import { planContracts } from '@shared/contracts/plan';
import { countAiCall } from '../../core/ai/ai-limits';
import { jobStartRoute } from '../job-start-route';
import { marketingPlanJob } from '../../core/onboarding/marketing-plan-job';

/**
 * POST /api/plan: no body; the job reads the goal, approved profiles, tone, voice and budget.
 * Each start pays a model: counted first (ai-limits.ts), a 429 past the limit.
 */
export const generatePlan = jobStartRoute(planContracts.generate, marketingPlanJob, async ({ companyId, user }) => {
  await countAiCall('marketingPlan', companyId, user.id);
  return {};
});
