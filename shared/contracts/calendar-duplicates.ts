import { defineContract } from '../contract';
import { duplicateFlagsSchema } from '../schemas/calendar-duplicates';
import { rangeQuerySchema } from '../schemas/calendar-views';

/** Apart from calendarContracts: the warning is its own chunk, loaded after the calendar shows. */
export const calendarDuplicateContracts = {
  duplicates: defineContract({
    method: 'GET',
    path: '/api/calendar/duplicates',
    permission: 'view',
    summary:
      'The posts on local days from..to whose copy repeats a scheduled or published post of the same platform within a week (a warning, never a refusal)',
    query: rangeQuerySchema,
    responses: { 200: duplicateFlagsSchema },
  }),
};
