import { z } from 'zod/mini';
import { isCalendarDay } from '../calendar-day';
import { DEFAULT_LIST_LIMIT } from '../constants';
import { calendarFormMessages, daysBetween, MAX_BATCH_IDS, MAX_RANGE_DAYS, postIdSchema, zoneSchema } from './calendar';

/**
 * What the calendar's views send (spec 02 §7 "Calendar"): day ranges in a zone, batches of post
 * ids, list limits. Apart from the post schemas in calendar.ts so the post pages, which send none
 * of these, do not load them.
 */

export const batchSchema = z.object({
  ids: z.array(postIdSchema).check(z.minLength(1), z.maxLength(MAX_BATCH_IDS)),
});

const zone = zoneSchema;
const day = z.string().check(z.refine(isCalendarDay, calendarFormMessages.dayInvalid));
const dayRangeSchema = z.object({ zone, from: day, to: day }).check(
  z.refine((r) => !isCalendarDay(r.from) || !isCalendarDay(r.to) || daysBetween(r.from, r.to) >= 0, {
    message: calendarFormMessages.rangeInvalid,
    path: ['to'],
  }),
  z.refine((r) => !isCalendarDay(r.from) || !isCalendarDay(r.to) || daysBetween(r.from, r.to) < MAX_RANGE_DAYS, {
    message: calendarFormMessages.rangeTooLong,
    path: ['to'],
  }),
);

/** GET /api/calendar/list/range: local days `from` to `to`, both included, in `zone`. */
export const rangeQuerySchema = dayRangeSchema;
/** DELETE /api/calendar/delete/scheduled: the same days, as a body. */
export const deleteScheduledSchema = dayRangeSchema;

export const limitQuerySchema = z.object({
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/)),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.int().check(z.gte(1), z.lte(100)),
      ),
    ),
    DEFAULT_LIST_LIMIT,
  ),
});

export const deletedCountSchema = z.object({ deleted: z.number() });
