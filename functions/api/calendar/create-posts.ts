import { calendarContracts } from '@shared/contracts/calendar';
import * as postStore from '../../core/posts/post-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/calendar: one post per platform, siblings of one group. */
export const createPosts = defineRoute(calendarContracts.create, {
  access: 'company',
  handle: async ({ companyId, body }) =>
    created((await postStore.createPosts(companyId, body)).map(postStore.toApiPost)),
});
