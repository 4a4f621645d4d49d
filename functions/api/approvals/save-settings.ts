import { approvalSettingsContracts } from '@shared/contracts/approval-settings';
import { setApprovalsRequired } from '../../core/posts/approval-settings';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/approvals/settings */
export const saveSettings = defineRoute(approvalSettingsContracts.saveSettings, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await setApprovalsRequired(companyId, body.required)),
});
