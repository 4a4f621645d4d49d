import { defineContract } from '../contract';
import { generateBlogsSchema, generatePostsSchema } from '../schemas/calendar-generate';
import { jobStartedSchema } from '../schemas/lrp';

/**
 * Spec 02 §7: AI generation into the calendar, long-running. In a file apart from calendarContracts so
 * the pages that only list posts do not download the generation form's schemas.
 */
export const calendarGenerateContracts = {
  /** Long-running: the job's result is the drafts written (generatedDraftsSchema). */
  generate: defineContract({
    method: 'POST',
    path: '/api/calendar/generate',
    permission: 'content',
    summary:
      "Write social drafts with the AI over local days from..to (today up to 45 days ahead) for the chosen platforms, from the company's plan, customers, tone and voice (job)",
    body: generatePostsSchema,
    responses: { 202: jobStartedSchema },
  }),
  generateBlog: defineContract({
    method: 'POST',
    path: '/api/calendar/generate/blog',
    permission: 'content',
    summary: 'Write blog drafts with titles with the AI over local days from..to for the chosen blogs (job)',
    body: generateBlogsSchema,
    responses: { 202: jobStartedSchema },
  }),
};
