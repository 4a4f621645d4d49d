import { approvalContracts } from '@shared/contracts/approvals';
import * as approvalStore from '../../core/approvals/approval-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/approvals/posts/{id}/link */
export const createReviewLink = defineRoute(approvalContracts.link, {
  access: 'company',
  handle: async ({ companyId, params, user }) =>
    created(await approvalStore.createReviewLink(companyId, params.id, user.id)),
});
