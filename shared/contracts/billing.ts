import { z } from 'zod/mini';
import { defineContract } from '../contract';
import {
  invoiceSchema,
  planSchema,
  redirectUrlSchema,
  simulatedCheckoutSchema,
  upgradeResultSchema,
  upgradeSchema,
  webhookReceivedSchema,
} from '../schemas/billing';
import { subscriptionSchema } from '../schemas/subscription';
import { subscriptionContract } from './subscription';

export const billingContracts = {
  subscription: subscriptionContract,
  invoices: defineContract({
    method: 'GET',
    path: '/api/billing/invoices',
    permission: 'billing',
    summary: "The selected company's invoices, newest first",
    responses: { 200: z.array(invoiceSchema) },
  }),
  plans: defineContract({
    method: 'GET',
    path: '/api/billing/plans',
    summary: 'The visible plans with their prices in cents per interval',
    responses: { 200: z.array(planSchema) },
  }),
  upgrade: defineContract({
    method: 'POST',
    path: '/api/billing/upgrade',
    permission: 'billing',
    summary: "Activate a plan: the provider's checkout address, or a message when there is nothing to pay",
    body: upgradeSchema,
    responses: { 200: upgradeResultSchema },
  }),
  cancel: defineContract({
    method: 'POST',
    path: '/api/billing/cancel',
    permission: 'billing',
    summary: 'Cancel at the end of the paid period: the subscription stays until then and does not renew',
    responses: { 200: subscriptionSchema },
  }),
  portal: defineContract({
    method: 'POST',
    path: '/api/billing/portal',
    permission: 'billing',
    summary: "The provider's page where payment details are managed",
    responses: { 200: redirectUrlSchema },
  }),
  webhook: defineContract({
    method: 'POST',
    path: '/api/billing/webhook',
    summary: "The payment provider's signed events (Stripe-Signature); each event applied once",
    responses: { 200: webhookReceivedSchema },
  }),
  completeSimulatedCheckout: defineContract({
    method: 'POST',
    path: '/api/billing/simulation/checkout',
    permission: 'billing',
    summary: 'Payment simulation: pay a checkout at the simulated provider (embedded runtime only)',
    body: simulatedCheckoutSchema,
    responses: { 204: null },
  }),
};
