import { companyContracts } from '@shared/contracts/company';
import { countAiCall } from '../../core/ai/ai-limits';
import { jobStartRoute } from '../job-start-route';
import { idealCustomersJob } from '../../core/onboarding/ideal-customers-job';

/**
 * POST /api/company/ideal-customer: no body; the job reads the saved overview. Each start pays
 * a model: counted first (ai-limits.ts), a 429 past the limit.
 */
export const startIdealCustomers = jobStartRoute(
  companyContracts.idealCustomer,
  idealCustomersJob,
  async ({ companyId, user }) => {
    await countAiCall('idealCustomers', companyId, user.id);
    return {};
  },
);
