import { defineContract } from '../contract';
import { approvalSettingsSchema } from '../schemas/approval-settings';

/** The company's approvals setting (docs/features/approvals.md). */
export const approvalSettingsContracts = {
  settings: defineContract({
    method: 'GET',
    path: '/api/approvals/settings',
    permission: 'view',
    summary: "Whether the selected company's posts need approval before they are scheduled or published",
    responses: { 200: approvalSettingsSchema },
  }),
  saveSettings: defineContract({
    method: 'PUT',
    path: '/api/approvals/settings',
    permission: 'approvalRule',
    summary: 'Turn approvals on or off (posts already scheduled stay scheduled)',
    body: approvalSettingsSchema,
    responses: { 200: approvalSettingsSchema },
  }),
};
