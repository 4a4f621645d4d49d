import { calendarContracts } from '@shared/contracts/calendar';
import { lastPublished, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/recent: the dashboard's Recently Published. */
export const recentPosts = defineRoute(calendarContracts.recent, {
  access: 'company',
  handle: async ({ companyId, query }) => ok((await lastPublished(companyId, query.limit)).map(toApiPost)),
});
