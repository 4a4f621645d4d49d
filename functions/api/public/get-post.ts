import { publicApiContracts } from '@shared/contracts/public-api';
import * as postStore from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/public/v1/posts/{id}: looked up in the key's company only, so another company's id is a 404. */
export const getPost = defineRoute(publicApiContracts.getPost, {
  access: 'api-read',
  handle: async ({ companyId, params }) => ok(postStore.toApiPost(await postStore.getPost(companyId, params.id))),
});
