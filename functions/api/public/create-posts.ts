import { publicApiContracts } from '@shared/contracts/public-api';
import * as postStore from '../../core/posts/post-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/public/v1/posts: the calendar's create, with its platform rules and paid-plan gate. */
export const createPosts = defineRoute(publicApiContracts.createPosts, {
  access: 'api-write',
  handle: async ({ companyId, body }) =>
    created((await postStore.createPosts(companyId, body)).map(postStore.toApiPost)),
});
