import { publicApiContracts } from '@shared/contracts/public-api';
import * as postStore from '../../core/posts/post-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/public/v1/posts/{id}. */
export const deletePost = defineRoute(publicApiContracts.deletePost, {
  access: 'api-write',
  handle: async ({ companyId, params }) => {
    await postStore.deletePost(companyId, params.id);
    return noContent();
  },
});
