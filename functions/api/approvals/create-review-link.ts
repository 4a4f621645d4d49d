import { approvalContracts } from '@shared/contracts/approvals';
import { createReviewLink } from '../../core/approvals/approval-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/approvals/posts/{id}/link */
export const createReviewLinkRoute = defineRoute(approvalContracts.link, {
  access: 'company',
  handle: async ({ companyId, params, user }) => created(await createReviewLink(companyId, params.id, user.id)),
});
