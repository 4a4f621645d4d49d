import { postSuccessContracts } from '@shared/contracts/post-success';
import { defineRoute, ok } from '../../core/http/route';
import * as reports from '../../core/reports/post-success';

/** GET /api/reports/post-success: the dashboard's chart of posts that went out, and those that failed. */
export const postSuccess = defineRoute(postSuccessContracts.postSuccess, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await reports.postSuccess(companyId, query.from, query.to, query.zone)),
});
