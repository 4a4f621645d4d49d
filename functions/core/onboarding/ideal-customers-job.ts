import { idealCustomersResultSchema, onboardingMessages } from '@shared/schemas/onboarding';
import { z } from 'zod';
import { ai } from '../ai/ai';
import { getCompany } from '../companies/company-store';
import { replaceUndecidedIcps } from '../companies/icp-store';
import { defineJobKind, JobUserError } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { companyContext } from './company-context';

/**
 * POST /api/company/ideal-customer: two profiles written from the saved overview, stored as
 * pending ICPs in place of the ones the user has not approved.
 */
export const idealCustomersJob = defineJobKind({
  name: 'ideal-customers',
  input: z.object({}),
  result: idealCustomersResultSchema,
  // The model writes it (the OpenAI key); the company's items are read and written.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'] }),
  run: async (_input, job) => {
    await job.step('Reading your business overview');
    const company = await getCompany(job.companyId);
    if (!company?.description.trim()) throw new JobUserError(onboardingMessages.overviewMissing, 'bad-request');
    await job.step('Writing two ideal customer profiles');
    const profiles = await (await ai()).idealCustomers(companyContext(company));
    await job.step('Saving the profiles');
    const icps = await replaceUndecidedIcps(company.id, profiles);
    return { profiles, icps };
  },
});
