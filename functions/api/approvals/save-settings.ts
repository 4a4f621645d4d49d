import { approvalContracts } from '@shared/contracts/approvals';
import { setApprovalsRequired } from '../../core/approvals/approval-settings';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/approvals/settings */
export const saveSettingsRoute = defineRoute(approvalContracts.saveSettings, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await setApprovalsRequired(companyId, body.required)),
});
