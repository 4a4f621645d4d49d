import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { readBestTimes } from '../../core/reports/post-analytics';

/** GET /api/public/v1/reports/best-times: the report page's best times. */
export const bestTimes = defineRoute(publicApiContracts.bestTimes, {
  access: 'api-read',
  handle: async ({ companyId, query }) => ok(await readBestTimes(companyId, query)),
});
