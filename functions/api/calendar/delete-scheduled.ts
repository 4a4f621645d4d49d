import { dayRange } from '@shared/calendar-time';
import { calendarContracts } from '@shared/contracts/calendar';
import { deleteScheduledBetween } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** DELETE /api/calendar/delete/scheduled: the scheduled posts on local days from..to. */
export const deleteScheduled = defineRoute(calendarContracts.deleteScheduled, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    const { start, end } = dayRange(body.from, body.to, body.zone);
    return ok({ deleted: await deleteScheduledBetween(companyId, start, end) });
  },
});
