import { calendarGenerateContracts } from '@shared/contracts/calendar-generate';
import { blogGenerationJob } from '../../core/calendar/generation';
import { jobStartRoute } from '../job-start-route';
import { generationInput } from './generation-input';

/** POST /api/calendar/generate/blog: the same checks as social generation, then blog drafts with titles. */
export const generateBlogs = jobStartRoute(calendarGenerateContracts.generateBlog, blogGenerationJob, generationInput);
