import { publicApiContracts } from '@shared/contracts/public-api';
import { createPosts, toApiPost } from '../../core/calendar/post-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/public/v1/posts: the calendar's create, with its platform rules and paid-plan gate. */
export const createPostsRoute = defineRoute(publicApiContracts.createPosts, {
  access: 'api-write',
  handle: async ({ companyId, body }) => created((await createPosts(companyId, body)).map(toApiPost)),
});
