import { partitionData } from '../companies/company-data';
import { companyItemPrefix, keys } from '../table/keys';
import { plans, type PlanItem } from './plan-entity';

export const getPlan = (companyId: number) => plans.get(keys.marketingPlan(companyId));

/** A new plan replaces the previous one: the company has one plan at a time. */
export async function savePlan(companyId: number, plan: string): Promise<PlanItem> {
  const item: PlanItem = { companyId, plan, updatedAt: new Date().toISOString() };
  await plans.put(item);
  return item;
}

/** The plan is company data: the demo reset ("company data, plans and posts") and the delete remove it. */
export const planData = partitionData({
  name: 'marketing plan',
  skPrefix: companyItemPrefix.marketingPlan,
  example: async (companyId) => {
    await savePlan(companyId, '# Example plan');
  },
});
