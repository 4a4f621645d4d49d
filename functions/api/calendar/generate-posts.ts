import { calendarGenerateContracts } from '@shared/contracts/calendar-generate';
import { postsGenerationJob } from '../../core/calendar/generation';
import { countAiCall } from '../../core/ai/ai-limits';
import { checkGenerationWindow } from '../../core/calendar/generation-window';
import { jobStartRoute } from '../../core/http/job-start-route';

/**
 * POST /api/calendar/generate: the dates are checked against today in the client's zone before
 * the job starts (a 422 on the field), then the job writes the social drafts.
 */
export const generatePostsRoute = jobStartRoute(
  calendarGenerateContracts.generate,
  postsGenerationJob,
  async ({ body, companyId, user }) => {
    checkGenerationWindow(body.from, body.to, body.zone);
    await countAiCall('calendarGeneration', companyId, user.id);
    const { platform, specialInstructions, exclusions, from, to, zone } = body;
    return { platforms: platform, specialInstructions, exclusions, from, to, zone };
  },
);
