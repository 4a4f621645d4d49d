import { approvalSettingsContracts } from '@shared/contracts/approval-settings';
import { approvalsRequired } from '../../core/posts/approval-settings';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/approvals/settings */
export const getSettings = defineRoute(approvalSettingsContracts.settings, {
  access: 'company',
  handle: async ({ companyId }) => ok({ required: await approvalsRequired(companyId) }),
});
