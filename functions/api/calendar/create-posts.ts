import { calendarContracts } from '@shared/contracts/calendar';
import { createPosts, toApiPost } from '../../core/calendar/post-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/calendar: one post per platform, siblings of one group. */
export const createPostsRoute = defineRoute(calendarContracts.create, {
  access: 'company',
  handle: async ({ companyId, body }) => created((await createPosts(companyId, body)).map(toApiPost)),
});
