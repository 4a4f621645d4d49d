import { publicApiContracts } from '@shared/contracts/public-api';
import { toApiPost, updatePost } from '../../core/calendar/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** PATCH /api/public/v1/posts/{id}: the calendar's edit (version check, locks while publishing). */
export const updatePostRoute = defineRoute(publicApiContracts.updatePost, {
  access: 'api-write',
  handle: async ({ companyId, memberId, params, body }) =>
    ok(toApiPost(await updatePost(companyId, params.id, body, memberId))),
});
