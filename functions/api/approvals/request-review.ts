import { approvalContracts } from '@shared/contracts/approvals';
import { requestReview } from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/approvals/posts/{id}/request */
export const requestReviewRoute = defineRoute(approvalContracts.request, {
  access: 'company',
  handle: async ({ companyId, params, user, body }) => ok(await requestReview(companyId, params.id, user.id, body)),
});
