import { calendarContracts } from '@shared/contracts/calendar';
import { deletePost } from '../../core/calendar/post-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/calendar/{id}. */
export const deletePostRoute = defineRoute(calendarContracts.remove, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await deletePost(companyId, params.id);
    return noContent();
  },
});
