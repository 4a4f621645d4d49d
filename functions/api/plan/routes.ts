import { generateMarketingPlan } from './generate-plan';
import { getMarketingPlan } from './get-plan';

export const routes = [getMarketingPlan, generateMarketingPlan];
