import { messages } from '@shared/messages';
import { seoKeywordListSchema } from '@shared/schemas/seo-keywords';
import { normalizeWebsite } from '@shared/url';
import { z } from 'zod';
import { ai } from '../ai/ai';
import { getCompany } from '../companies/company-store';
import { approvedIcps } from '../companies/icp-store';
import { defineJobKind, JobUserError } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { companyContext } from '../onboarding/company-context';
import { getKeywords, keywordList, saveSuggestions } from './keyword-store';

/** Suggestions per generation: a page of choices for a limit of 10. */
const KEYWORD_SUGGESTIONS = 20;

/**
 * POST /api/seo/keywords/generate: keywords for the company website from what the company says it
 * is, where and for whom (the AI port; estimates of volume, difficulty and cost per click). The
 * suggestions replace the last ones; the saved keywords stay selected.
 */
export const seoKeywordsJob = defineJobKind({
  name: 'seo-keywords',
  input: z.object({}),
  result: seoKeywordListSchema,
  // The model writes it (the OpenAI key); the company's items are read and written.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'] }),
  run: async (_input, job) => {
    await job.step('Reading your company and website');
    const company = await getCompany(job.companyId);
    // The website was checked when the job started; it may have been removed since.
    if (!company?.website || !normalizeWebsite(company.website).ok) {
      throw new JobUserError(messages.websiteNotRegistered, 'bad-request');
    }
    const [approved, current] = await Promise.all([approvedIcps(company.id), getKeywords(company.id)]);
    await job.step('Finding the searches that bring you customers');
    const suggestions = await (
      await ai()
    ).keywords({
      company: {
        ...companyContext(
          company,
          approved.map((i) => i.profile),
        ),
        keywords: current?.saved.map((k) => k.keyword) ?? null,
      },
      count: KEYWORD_SUGGESTIONS,
    });
    await job.step('Saving the suggestions');
    return keywordList(await saveSuggestions(company.id, suggestions));
  },
});
