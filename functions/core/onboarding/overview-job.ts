import { companyOverviewSchema } from '@shared/schemas/onboarding';
import { z } from 'zod';
import { ai } from '../ai/ai';
import { getCompany } from '../companies/company-store';
import { defineJobKind } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { fetchHomePage } from './fetch-home-page';
import { extractSite } from './website-extract';

/**
 * POST /api/company/overview: reads the website and drafts the business overview. Nothing is
 * saved: the wizard shows the draft, the user edits it and saves it with PATCH /api/company/company.
 */
export const companyOverviewJob = defineJobKind({
  name: 'company-overview',
  input: z.object({ website: z.string() }),
  result: companyOverviewSchema,
  // The model reads the fetched home page (the OpenAI key); the company's items are read and written.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'] }),
  run: async ({ website }, job) => {
    await job.step('Reading your website');
    const page = await fetchHomePage(website);
    await job.step('Finding your name, places and voice');
    const site = extractSite(page.html, page.url);
    const company = await getCompany(job.companyId);
    await job.step('Writing your business overview');
    return (await ai()).companyOverview(site, { name: company?.name, locations: company?.locations });
  },
});
