import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { readPostFigures } from '../../core/reports/post-analytics';

/** GET /api/public/v1/reports/posts/{id}: the post page's figures. */
export const postFigures = defineRoute(publicApiContracts.postFigures, {
  access: 'api-read',
  handle: async ({ companyId, params }) => ok(await readPostFigures(companyId, params.id)),
});
