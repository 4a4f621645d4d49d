import { defineGrants, TABLE_READ_WRITE } from '../../core/grants';

/** Plans, subscriptions, invoices, checkouts and webhook events are table items; Stripe's keys are a secret. */
export const grants = defineGrants({
  table: TABLE_READ_WRITE,
  secrets: ['stripe'],
});
