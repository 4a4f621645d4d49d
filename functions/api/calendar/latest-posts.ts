import { calendarContracts } from '@shared/contracts/calendar';
import { nextScheduled, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/latest: the dashboard's Scheduled Content. */
export const latestPosts = defineRoute(calendarContracts.latest, {
  access: 'company',
  handle: async ({ companyId, query }) => ok((await nextScheduled(companyId, query.limit)).map(toApiPost)),
});
