import { z } from 'zod/mini';
import { isTimeZone, isWallTime } from '../calendar-day';

/**
 * When the website audit runs by itself (spec 02 §2 launch audit dialog: frequency, day, time;
 * §9 scan frequencies manually, weekly, monthly), in a named IANA zone so 09:00 stays 09:00
 * on both sides of a daylight-saving change.
 */
export const AUDIT_FREQUENCIES = ['manually', 'weekly', 'monthly'] as const;
export type AuditFrequency = (typeof AUDIT_FREQUENCIES)[number];

export const auditScheduleMessages = {
  time: 'Choose a time between 00:00 and 23:59.',
  zone: 'Choose a time zone from the list.',
  weekday: 'Choose a day of the week.',
  monthDay: 'Choose a day of the month from 1 to 31.',
  freeLimit:
    'The scheduled audit did not run: your free audit for this month is used. Upgrade to a paid plan to audit your website on schedule.',
  alreadyRunning: 'The scheduled audit did not start because an audit was already running.',
  noWebsite: 'The scheduled audit did not run: the company has no website to audit.',
} as const;

export const auditScheduleInputSchema = z
  .object({
    frequency: z.enum(AUDIT_FREQUENCIES),
    /** Weekly: 0 Sunday to 6 Saturday. */
    weekday: z._default(
      z.number().check(z.int(), z.gte(0, auditScheduleMessages.weekday), z.lte(6, auditScheduleMessages.weekday)),
      1,
    ),
    /** Monthly: a day past the month's end runs on its last day. */
    monthDay: z._default(
      z.number().check(z.int(), z.gte(1, auditScheduleMessages.monthDay), z.lte(31, auditScheduleMessages.monthDay)),
      1,
    ),
    time: z._default(z.string().check(z.refine(isWallTime, auditScheduleMessages.time)), '09:00'),
    timeZone: z._default(z.string().check(z.refine(isTimeZone, auditScheduleMessages.zone)), 'UTC'),
  })
  .check(z.meta({ title: 'AuditScheduleInput' }));
export type AuditScheduleInput = z.infer<typeof auditScheduleInputSchema>;

/** What the last due run did: started an audit, or why it did not. */
const auditScheduleOutcomeSchema = z.object({
  at: z.string(),
  outcome: z.enum(['started', 'already-running', 'free-limit', 'no-website', 'refused']),
  auditId: z.optional(z.string()),
  /** Why a refused run did not start (the sentence Check Again would have answered). */
  message: z.optional(z.string()),
});
export type AuditScheduleOutcome = z.infer<typeof auditScheduleOutcomeSchema>;

export const auditScheduleSchema = z
  .object({
    ...auditScheduleInputSchema.shape,
    /** The next time an audit is due; absent when it runs manually. */
    nextRunAt: z.optional(z.string()),
    last: z.optional(auditScheduleOutcomeSchema),
  })
  .check(z.meta({ title: 'AuditSchedule' }));
export type AuditSchedule = z.infer<typeof auditScheduleSchema>;
