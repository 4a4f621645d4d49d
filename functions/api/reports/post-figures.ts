import { postAnalyticsContracts } from '@shared/contracts/post-analytics';
import { defineRoute, ok } from '../../core/http/route';
import { readPostFigures } from '../../core/reports/post-analytics';

/** GET /api/reports/posts/{id}: a published post's figures over its first 30 days. */
export const postFigures = defineRoute(postAnalyticsContracts.postFigures, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await readPostFigures(companyId, params.id)),
});
