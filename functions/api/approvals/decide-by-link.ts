import { reviewContracts } from '@shared/contracts/approval-review';
import { decideByLink } from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/approvals/review/{id}: no account, only the link. */
export const decideByLinkRoute = defineRoute(reviewContracts.reviewDecide, {
  access: 'public',
  handle: async ({ params, body }) => ok(await decideByLink(params.id, body)),
});
