import { reviewContracts } from '@shared/contracts/approval-review';
import { reviewByLink } from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/approvals/review/{id}?token=: no account, only the link. */
export const getReview = defineRoute(reviewContracts.review, {
  access: 'public',
  handle: async ({ params, query }) => ok(await reviewByLink(params.id, query.token)),
});
