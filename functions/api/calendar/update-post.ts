import { calendarContracts } from '@shared/contracts/calendar';
import { afterApprovalWrite } from '../../core/approvals/approval-notices';
import * as postStore from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/**
 * PATCH /api/calendar/{id}: edit one sibling; its action decides the state (save keeps it). An
 * edit that puts an approved post back in review asks its approvers again.
 */
export const updatePost = defineRoute(calendarContracts.update, {
  access: 'company',
  handle: async ({ companyId, memberId, params, body }) =>
    ok(postStore.toApiPost(await postStore.updatePost(companyId, params.id, body, memberId, afterApprovalWrite))),
});
