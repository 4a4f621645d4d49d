import { onboardingMessages } from '@shared/schemas/onboarding';
import { marketingPlanSchema } from '@shared/schemas/plan';
import { z } from 'zod';
import { ai } from '../ai/ai';
import { getCompany, updateCompanyInfo } from '../companies/company-store';
import { approvedIcps } from '../companies/icp-store';
import { defineJobKind, JobUserError } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { companyContext } from './company-context';
import { savePlan } from './plan-store';

/**
 * POST /api/plan: the 12-month plan from the goal, the approved ideal customers, tone, voice and
 * budget. Saving it ends the onboarding: the company is marked onboarded here, on the server, so
 * the flag means "has a plan" whether or not the browser was still polling when it was written.
 */
export const marketingPlanJob = defineJobKind({
  name: 'marketing-plan',
  input: z.object({}),
  result: marketingPlanSchema,
  // The model writes it (the OpenAI key); the company's items are read and written.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'] }),
  run: async (_input, job) => {
    await job.step('Reading your goal and customers');
    const company = await getCompany(job.companyId);
    if (!company?.goal) throw new JobUserError(onboardingMessages.goalMissing, 'bad-request');
    const approved = await approvedIcps(company.id);
    if (!approved.length) throw new JobUserError(onboardingMessages.approvedIcpMissing, 'bad-request');
    await job.step('Writing your 12-month marketing plan');
    const plan = await (
      await ai()
    ).marketingPlan({
      company: companyContext(
        company,
        approved.map((i) => i.profile),
      ),
    });
    await job.step('Saving your plan');
    const saved = await savePlan(company.id, plan);
    await updateCompanyInfo(company.id, { onboarded: true });
    return { plan: saved.plan, updatedAt: saved.updatedAt };
  },
});
