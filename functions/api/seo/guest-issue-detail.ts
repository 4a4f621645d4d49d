import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest, withoutTurnedOff } from './guest-access';
import { getIssueDetail } from './get-issue-detail';

/** GET /api/seo/shared/{token}/audits/{auditId}/issues/{check}: a guest link's Issue report module, read-only. */
export const guestIssueDetail = defineRoute(guestAuditContracts.issueDetail, {
  access: 'public',
  handle: asGuest('issues', getIssueDetail, withoutTurnedOff),
});
