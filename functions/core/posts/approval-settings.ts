import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * COMPANY#<id> / APPROVAL_SETTINGS: whether the company's posts need approval; absent means they
 * do not. A rule of every post write (approval-rules.ts), so it lives with the posts; the
 * approval flow (approvals/) sets it and reads it too.
 */
const approvalSettings = defineEntity({
  type: 'approval-settings',
  schema: z.object({ companyId: z.number(), required: z.boolean(), updatedAt: z.string() }),
  key: (s) => keys.approvalSettings(s.companyId),
});

/** Whether the company's posts need approval before they are scheduled or published now. */
export async function approvalsRequired(companyId: number): Promise<boolean> {
  return (await approvalSettings.get(keys.approvalSettings(companyId), { consistent: true }))?.required ?? false;
}

export async function setApprovalsRequired(companyId: number, required: boolean, now = new Date()) {
  await approvalSettings.put({ companyId, required, updatedAt: now.toISOString() });
  return { required };
}
