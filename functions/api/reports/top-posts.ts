import { postAnalyticsContracts } from '@shared/contracts/post-analytics';
import { defineRoute, ok } from '../../core/http/route';
import { readTopPosts } from '../../core/reports/post-analytics';

/** GET /api/reports/top-posts: the period's posts per platform, best first. */
export const topPosts = defineRoute(postAnalyticsContracts.topPosts, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await readTopPosts(companyId, query)),
});
