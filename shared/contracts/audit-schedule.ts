import { defineContract } from '../contract';
import { auditScheduleInputSchema, auditScheduleSchema } from '../schemas/audit-schedule';

/** The launch audit dialog's schedule (spec 02 §2): manually, weekly or monthly, at a time in a zone. */
export const auditScheduleContracts = {
  auditSchedule: defineContract({
    method: 'GET',
    path: '/api/seo/audit/schedule',
    permission: 'view',
    summary: "When the company's website audit runs by itself, its next run, and what the last due run did",
    responses: { 200: auditScheduleSchema },
  }),
  saveAuditSchedule: defineContract({
    method: 'PUT',
    path: '/api/seo/audit/schedule',
    permission: 'seo',
    summary:
      'Run the website audit manually, weekly (day and time) or monthly (day of month and time) in a time zone; the next run is armed at once',
    body: auditScheduleInputSchema,
    responses: { 200: auditScheduleSchema },
  }),
};
