import { publicApiContracts } from '@shared/contracts/public-api';
import { deletePost } from '../../core/calendar/post-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/public/v1/posts/{id}. */
export const deletePostRoute = defineRoute(publicApiContracts.deletePost, {
  access: 'api-write',
  handle: async ({ companyId, params }) => {
    await deletePost(companyId, params.id);
    return noContent();
  },
});
