import type { AuditWorkflowInput } from '../core/audit/audit-store';
import { failAudit, finishAudit } from '../core/audit/audit-run';

interface FinishInput extends AuditWorkflowInput {
  /** Present when a task failed for good (Catch output: {Error, Cause}). */
  error?: { Error?: string; Cause?: string };
}

/** Tasks "Finish" and "RecordFailure" of site-audit.asl.json. */
export async function handler(event: FinishInput): Promise<{ auditId: string }> {
  if (event.error) await failAudit(event.companyId, event.auditId);
  else await finishAudit(event.companyId, event.auditId);
  return { auditId: event.auditId };
}
