import { defineContract } from '../contract';
import { subscriptionSchema } from '../schemas/subscription';

/** GET /api/billing/subscription on its own: post pages import it without the rest of billing's contracts. */
export const subscriptionContract = defineContract({
  method: 'GET',
  path: '/api/billing/subscription',
  permission: 'view',
  summary: "The selected company's subscription (the free plan when it has none)",
  responses: { 200: subscriptionSchema },
});
