import { firstCommentContracts } from '@shared/contracts/first-comment';
import { saveFirstComment } from '../../core/calendar/first-comment';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/calendar/{id}/first-comment */
export const saveFirstCommentRoute = defineRoute(firstCommentContracts.save, {
  access: 'company',
  handle: async ({ companyId, memberId, params, body }) =>
    ok(await saveFirstComment(companyId, params.id, body, memberId)),
});
