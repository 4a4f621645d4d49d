import { calendarContracts } from '@shared/contracts/calendar';
import { toApiPost, updatePost } from '../../core/calendar/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** PATCH /api/calendar/{id}: edit one sibling; its action decides the state (save keeps it). */
export const updatePostRoute = defineRoute(calendarContracts.update, {
  access: 'company',
  handle: async ({ companyId, memberId, params, body }) =>
    ok(toApiPost(await updatePost(companyId, params.id, body, memberId))),
});
