import { calendarGenerateContracts } from '@shared/contracts/calendar-generate';
import { postsGenerationJob } from '../../core/calendar/generation';
import { jobStartRoute } from '../job-start-route';
import { generationInput } from './generation-input';

/**
 * POST /api/calendar/generate: the dates are checked against today in the client's zone before
 * the job starts (a 422 on the field), then the job writes the social drafts.
 */
export const generatePosts = jobStartRoute(calendarGenerateContracts.generate, postsGenerationJob, generationInput);
