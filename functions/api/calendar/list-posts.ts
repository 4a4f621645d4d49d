import { calendarContracts } from '@shared/contracts/calendar';
import { allPosts, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/list: every post of the company, by calendar date. */
export const listPosts = defineRoute(calendarContracts.list, {
  access: 'company',
  handle: async ({ companyId }) => ok((await allPosts(companyId)).map(toApiPost)),
});
