import { planContracts } from '@shared/contracts/plan';
import { jobStartRoute } from '../../core/http/job-start-route';
import { marketingPlanJob } from '../../core/onboarding/marketing-plan-job';

/** POST /api/plan: no body; the job reads the goal, approved profiles, tone, voice and budget. */
export const generateMarketingPlan = jobStartRoute(planContracts.generate, marketingPlanJob, async () => ({}));
