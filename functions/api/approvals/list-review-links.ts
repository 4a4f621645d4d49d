import { approvalContracts } from '@shared/contracts/approvals';
import * as approvalStore from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/approvals/posts/{id}/links: the post's live review links (members who may change content). */
export const listReviewLinks = defineRoute(approvalContracts.links, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await approvalStore.listReviewLinks(companyId, params.id)),
});
