import { reviewContracts } from '@shared/contracts/approval-review';
import * as approvalStore from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/approvals/review/{id}: no account, only the link. */
export const decideByLink = defineRoute(reviewContracts.reviewDecide, {
  access: 'public',
  handle: async ({ params, body }) => ok(await approvalStore.decideByLink(params.id, body)),
});
