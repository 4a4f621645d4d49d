import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest, withoutTurnedOff } from './guest-access';
import { getIssueReport } from './get-issue-report';

/** GET /api/seo/shared/{token}/audits/{auditId}/issues: a guest link's Issue report module, read-only. */
export const guestIssueReport = defineRoute(guestAuditContracts.issueReport, {
  access: 'public',
  handle: asGuest('issues', getIssueReport, withoutTurnedOff),
});
