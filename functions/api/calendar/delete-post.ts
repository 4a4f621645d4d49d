import { calendarContracts } from '@shared/contracts/calendar';
import * as postStore from '../../core/posts/post-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/calendar/{id}. */
export const deletePost = defineRoute(calendarContracts.remove, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await postStore.deletePost(companyId, params.id);
    return noContent();
  },
});
