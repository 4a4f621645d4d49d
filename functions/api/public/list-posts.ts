import { dayRange } from '@shared/calendar-time';
import { publicApiContracts } from '@shared/contracts/public-api';
import { postsBetween, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/public/v1/posts: the calendar's range read, for the key's company. */
export const listPosts = defineRoute(publicApiContracts.listPosts, {
  access: 'api-read',
  handle: async ({ companyId, query }) => {
    const { start, end } = dayRange(query.from, query.to, query.zone);
    return ok((await postsBetween(companyId, start, end)).map(toApiPost));
  },
});
