import { postAnalyticsContracts } from '@shared/contracts/post-analytics';
import { defineRoute, ok } from '../../core/http/route';
import { readBestTimes } from '../../core/reports/post-analytics';

/** GET /api/reports/best-times: the hours and weekdays that did best per platform. */
export const bestTimes = defineRoute(postAnalyticsContracts.bestTimes, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await readBestTimes(companyId, query)),
});
