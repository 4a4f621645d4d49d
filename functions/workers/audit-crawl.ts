import type { AuditWorkflowInput } from '../core/audit/audit-store';
import { runAuditBatch } from '../core/audit/audit-run';

/** Task "Crawl" of site-audit.asl.json: one batch of the crawl from the saved cursor. */
export async function handler(event: AuditWorkflowInput): Promise<{ done: boolean }> {
  return runAuditBatch(event.companyId, event.auditId);
}
