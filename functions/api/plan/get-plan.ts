import { planContracts } from '@shared/contracts/plan';
import { onboardingMessages } from '@shared/schemas/onboarding';
import { badRequest } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';
import * as planStore from '../../core/onboarding/plan-store';

/** GET /api/plan: the selected company's plan; a 400 means there is none yet (spec 02 §7). */
export const getPlan = defineRoute(planContracts.get, {
  access: 'company',
  handle: async ({ companyId }) => {
    const plan = await planStore.getPlan(companyId);
    if (!plan) throw badRequest(onboardingMessages.planMissing);
    return ok({ plan: plan.plan, updatedAt: plan.updatedAt });
  },
});
