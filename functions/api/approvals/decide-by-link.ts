import { approvalContracts } from '@shared/contracts/approvals';
import { decideByLink } from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/approvals/review/{id}: no account, only the link. */
export const decideByLinkRoute = defineRoute(approvalContracts.reviewDecide, {
  access: 'public',
  handle: async ({ params, body }) => ok(await decideByLink(params.id, body)),
});
