import { calendarContracts } from '@shared/contracts/calendar';
import { lastPublished, nextScheduled, toApiPost } from '../../core/calendar/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/latest: the dashboard's Scheduled Content. */
export const latestPostsRoute = defineRoute(calendarContracts.latest, {
  access: 'company',
  handle: async ({ companyId, query }) => ok((await nextScheduled(companyId, query.limit)).map(toApiPost)),
});

/** GET /api/calendar/recent: the dashboard's Recently Published. */
export const recentPostsRoute = defineRoute(calendarContracts.recent, {
  access: 'company',
  handle: async ({ companyId, query }) => ok((await lastPublished(companyId, query.limit)).map(toApiPost)),
});
