import { z } from 'zod/mini';
import { defineContract } from '../contract';
import {
  invoiceSchema,
  planChangePreviewSchema,
  planChangeQuerySchema,
  planChangeResultSchema,
  planChangeSchema,
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
  previewPlanChange: defineContract({
    method: 'GET',
    path: '/api/billing/plan-change',
    permission: 'billing',
    summary:
      'What changing to a plan would do: an upgrade now with its prorated charge, or a downgrade at the period end',
    query: planChangeQuerySchema,
    responses: { 200: planChangePreviewSchema },
  }),
  changePlan: defineContract({
    method: 'POST',
    path: '/api/billing/plan-change',
    permission: 'billing',
    summary:
      'Change plan: a higher one now (the prorated difference charged at once), a lower one when the period ends',
    body: planChangeSchema,
    responses: { 200: planChangeResultSchema },
  }),
  cancelPlanChange: defineContract({
    method: 'DELETE',
    path: '/api/billing/plan-change',
    permission: 'billing',
    summary: 'Cancel the downgrade waiting for the period end: the current plan renews as before',
    responses: { 200: subscriptionSchema },
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
