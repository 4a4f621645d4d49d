import { companyContracts } from '@shared/contracts/company';
import { countAiCall } from '../../core/ai/ai-limits';
import { fieldError } from '../../core/errors';
import { jobStartRoute } from '../job-start-route';
import { FetchRefusedError, checkTarget } from '../../core/net';
import { companyOverviewJob } from '../../core/onboarding/overview-job';

/**
 * POST /api/company/overview {website}: an address the fetcher refuses without looking it up
 * (a private IP, a bad port) is a 422 on the field at once; one whose name resolves somewhere
 * private is refused by the job with the same sentence. Each start that passes pays a model:
 * counted (ai-limits.ts), a 429 past the limit.
 */
export const startOverview = jobStartRoute(
  companyContracts.overview,
  companyOverviewJob,
  async ({ body, companyId, user }) => {
    try {
      checkTarget(body.website);
    } catch (error) {
      if (error instanceof FetchRefusedError) throw fieldError('website', error.message);
      throw error;
    }
    await countAiCall('overview', companyId, user.id);
    return { website: body.website };
  },
);
