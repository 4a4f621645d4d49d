import { calendarContracts } from '@shared/contracts/calendar';
import { postsByIds, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/calendar/batch: posts by id, read from the caller's company only. */
export const batchPosts = defineRoute(calendarContracts.batch, {
  access: 'company',
  handle: async ({ companyId, body }) => ok((await postsByIds(companyId, body.ids)).map(toApiPost)),
});
