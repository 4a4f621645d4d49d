import { approvalContracts } from '@shared/contracts/approvals';
import * as approvalStore from '../../core/approvals/approval-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/approvals/posts/{id}/links/{linkId}: the link answers as one never made from now on. */
export const revokeReviewLink = defineRoute(approvalContracts.revokeLink, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await approvalStore.revokeReviewLink(companyId, params.id, params.linkId);
    return noContent();
  },
});
