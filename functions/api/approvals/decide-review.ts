import { approvalContracts } from '@shared/contracts/approvals';
import { decide } from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/approvals/posts/{id}/decision */
export const decideReview = defineRoute(approvalContracts.decide, {
  access: 'company',
  handle: async ({ companyId, params, user, body }) => ok(await decide(companyId, params.id, user.id, body)),
});
