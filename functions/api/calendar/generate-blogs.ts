import { calendarGenerateContracts } from '@shared/contracts/calendar-generate';
import { blogGenerationJob } from '../../core/calendar/generation';
import { countAiCall } from '../../core/ai/ai-limits';
import { checkGenerationWindow } from '../../core/calendar/generation-window';
import { jobStartRoute } from '../../core/http/job-start-route';

/** POST /api/calendar/generate/blog: the same checks as social generation, then blog drafts with titles. */
export const generateBlogsRoute = jobStartRoute(
  calendarGenerateContracts.generateBlog,
  blogGenerationJob,
  async ({ body, companyId, user }) => {
    checkGenerationWindow(body.from, body.to, body.zone);
    await countAiCall('calendarGeneration', companyId, user.id);
    const { platform, specialInstructions, exclusions, from, to, zone } = body;
    return { platforms: platform, specialInstructions, exclusions, from, to, zone };
  },
);
