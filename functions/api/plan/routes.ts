import { generatePlan } from './generate-plan';
import { getPlan } from './get-plan';

export const routes = [getPlan, generatePlan];
