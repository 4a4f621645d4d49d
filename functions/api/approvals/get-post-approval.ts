import { approvalContracts } from '@shared/contracts/approvals';
import { postApproval } from '../../core/approvals/approval-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/approvals/posts/{id} */
export const getPostApproval = defineRoute(approvalContracts.postApproval, {
  access: 'company',
  handle: async ({ companyId, params, user, role }) => ok(await postApproval(companyId, params.id, user.id, role)),
});
