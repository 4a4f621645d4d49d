import { approvalContracts } from '@shared/contracts/approvals';
import * as approvalStore from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/approvals/posts/{id}/request */
export const requestReview = defineRoute(approvalContracts.request, {
  access: 'company',
  handle: async ({ companyId, params, user, body }) =>
    ok(await approvalStore.requestReview(companyId, params.id, user.id, body)),
});
