import { auditScheduleContracts } from '@shared/contracts/audit-schedule';
import * as auditSchedule from '../../core/audit/schedule/audit-schedule';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/seo/audit/schedule: saves the schedule and arms its next run (or disarms it for manual audits). */
export const saveAuditSchedule = defineRoute(auditScheduleContracts.saveAuditSchedule, {
  access: 'company',
  handle: async ({ companyId, user, body }) => ok(await auditSchedule.saveAuditSchedule(companyId, user.id, body)),
});
