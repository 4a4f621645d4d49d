import { approvalSettings } from './approval-entities';
import { keys } from '../table/keys';

/** Whether the company's posts need approval before they are scheduled or published now. */
export async function approvalsRequired(companyId: number): Promise<boolean> {
  return (await approvalSettings.get(keys.approvalSettings(companyId), { consistent: true }))?.required ?? false;
}

export async function setApprovalsRequired(companyId: number, required: boolean, now = new Date()) {
  await approvalSettings.put({ companyId, required, updatedAt: now.toISOString() });
  return { required };
}
