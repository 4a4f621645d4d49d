import { publicApiContracts } from '@shared/contracts/public-api';
import { afterApprovalWrite } from '../../core/approvals/approval-notices';
import * as postStore from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** PATCH /api/public/v1/posts/{id}: the calendar's edit (version check, locks while publishing, approvals' notices). */
export const updatePost = defineRoute(publicApiContracts.updatePost, {
  access: 'api-write',
  handle: async ({ companyId, memberId, params, body }) =>
    ok(postStore.toApiPost(await postStore.updatePost(companyId, params.id, body, memberId, afterApprovalWrite))),
});
