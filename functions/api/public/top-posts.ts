import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { readTopPosts } from '../../core/reports/post-analytics';

/** GET /api/public/v1/reports/top-posts: the report page's Top posts. */
export const topPosts = defineRoute(publicApiContracts.topPosts, {
  access: 'api-read',
  handle: async ({ companyId, query }) => ok(await readTopPosts(companyId, query)),
});
