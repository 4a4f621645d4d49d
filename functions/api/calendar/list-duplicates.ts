import { calendarDuplicateContracts } from '@shared/contracts/calendar-duplicates';
import { dayRange } from '@shared/calendar-time';
import { duplicatesBetween } from '../../core/calendar/duplicates';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/duplicates: the calendar's duplicate warning for the days it shows. */
export const listDuplicates = defineRoute(calendarDuplicateContracts.duplicates, {
  access: 'company',
  handle: async ({ companyId, query }) => {
    const { start, end } = dayRange(query.from, query.to, query.zone);
    return ok(await duplicatesBetween(companyId, start, end));
  },
});
