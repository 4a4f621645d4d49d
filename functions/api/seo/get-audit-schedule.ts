import { auditScheduleContracts } from '@shared/contracts/audit-schedule';
import { readAuditSchedule } from '../../core/audit/schedule/audit-schedule';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audit/schedule: the company's audit schedule, its next run and the last due run's outcome. */
export const getAuditSchedule = defineRoute(auditScheduleContracts.auditSchedule, {
  access: 'company',
  handle: async ({ companyId }) => ok(await readAuditSchedule(companyId)),
});
