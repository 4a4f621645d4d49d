import { firstCommentContracts } from '@shared/contracts/first-comment';
import * as firstComment from '../../core/posts/first-comment';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/{id}/first-comment */
export const getFirstComment = defineRoute(firstCommentContracts.get, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await firstComment.getFirstComment(companyId, params.id)),
});
