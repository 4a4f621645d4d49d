import { defineContract } from '../contract';
import { jobStartedSchema } from '../schemas/lrp';
import { marketingPlanSchema } from '../schemas/plan';

export const planContracts = {
  /** Spec 02 §7 "Plan": a 400 answer means there is no plan yet. */
  get: defineContract({
    method: 'GET',
    path: '/api/plan',
    permission: 'view',
    summary: "The selected company's 12-month marketing plan; 400 when there is none yet",
    responses: { 200: marketingPlanSchema },
  }),
  /** Long-running; the job's result is the plan, and the company is onboarded once it is saved. */
  generate: defineContract({
    method: 'POST',
    path: '/api/plan',
    permission: 'profile',
    summary: 'Write the 12-month marketing plan from the goal, approved ideal customers, tone, voice and budget (job)',
    responses: { 202: jobStartedSchema },
  }),
};
