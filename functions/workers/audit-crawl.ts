import { z } from 'zod';
import { runAuditBatch } from '../core/audit/audit-run';
import { workerHandler } from '../core/jobs/worker-handler';

const auditInputSchema = z.object({ companyId: z.number().int(), auditId: z.string() });

/** Task "Crawl" of site-audit.asl.json: one batch of the crawl from the saved cursor. */
export const handler = workerHandler(auditInputSchema, (event, task) =>
  runAuditBatch(event.companyId, event.auditId, task.signal),
);
