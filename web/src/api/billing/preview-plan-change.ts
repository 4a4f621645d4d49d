import { billingContracts } from '@shared/contracts/billing';
import type { PlanSlug } from '@shared/schemas/billing';
import { call } from '@/lib/api-client';

/** GET /api/billing/plan-change: asked when a plan card's Upgrade or Downgrade is clicked, for its confirm dialog. */
export const previewPlanChange = (plan: PlanSlug) => call(billingContracts.previewPlanChange, { query: { plan } });
