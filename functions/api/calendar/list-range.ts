import { dayRange } from '@shared/calendar-time';
import { calendarContracts } from '@shared/contracts/calendar';
import { postsBetween, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/list/range: local days in the caller's zone, so a DST day is 23 or 25 hours. */
export const listRange = defineRoute(calendarContracts.range, {
  access: 'company',
  handle: async ({ companyId, query }) => {
    const { start, end } = dayRange(query.from, query.to, query.zone);
    return ok((await postsBetween(companyId, start, end)).map(toApiPost));
  },
});
