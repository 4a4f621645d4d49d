import { firstCommentContracts } from '@shared/contracts/first-comment';
import { afterApprovalWrite } from '../../core/approvals/approval-notices';
import * as firstComment from '../../core/posts/first-comment';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/calendar/{id}/first-comment: an edit like any, which may put an approved post back in review. */
export const saveFirstComment = defineRoute(firstCommentContracts.save, {
  access: 'company',
  handle: async ({ companyId, memberId, params, body }) =>
    ok(await firstComment.saveFirstComment(companyId, params.id, body, memberId, afterApprovalWrite)),
});
