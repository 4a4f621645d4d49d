import { firstCommentContracts } from '@shared/contracts/first-comment';
import { getFirstComment } from '../../core/calendar/first-comment';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/{id}/first-comment */
export const getFirstCommentRoute = defineRoute(firstCommentContracts.get, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await getFirstComment(companyId, params.id)),
});
