import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import * as reports from '../../core/reports/post-success';

/** GET /api/public/v1/reports/post-success: the dashboard's published and failed posts per day. */
export const postSuccess = defineRoute(publicApiContracts.postSuccess, {
  access: 'api-read',
  handle: async ({ companyId, query }) => ok(await reports.postSuccess(companyId, query.from, query.to, query.zone)),
});
