import { calendarContracts } from '@shared/contracts/calendar';
import { postsByIds, toApiPost } from '../../core/calendar/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/calendar/batch: posts by id, read from the caller's company only. */
export const batchPostsRoute = defineRoute(calendarContracts.batch, {
  access: 'company',
  handle: async ({ companyId, body }) => ok((await postsByIds(companyId, body.ids)).map(toApiPost)),
});
