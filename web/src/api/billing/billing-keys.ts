import { rootKeys } from '@/lib/query-keys';

/**
 * Billing's query keys: the subscription and invoices belong to the selected company (under
 * `company`, so a company switch drops them); the plans are the same for everyone.
 */
export const billingKeys = {
  subscription: [...rootKeys.company, 'billing', 'subscription'] as const,
  invoices: [...rootKeys.company, 'billing', 'invoices'] as const,
  plans: ['billing', 'plans'] as const,
};

/** Spec 01 §4 and §9: the subscription and plan lists are asked again 3 s after activate or cancel. */
export const BILLING_REFETCH_DELAY_MS = 3000;
