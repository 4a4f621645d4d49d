import { z } from 'zod';
import { failAudit, finishAudit } from '../core/audit/audit-run';
import { taskErrorSchema, workerHandler } from '../core/jobs/worker-handler';

/** Present `error`: a task failed for good (the Catch's output). */
const finishInputSchema = z.object({
  companyId: z.number().int(),
  auditId: z.string(),
  error: taskErrorSchema.optional(),
});

/** Tasks "Finish" and "RecordFailure" of site-audit.asl.json. */
export const handler = workerHandler(finishInputSchema, async (event) => {
  if (event.error) await failAudit(event.companyId, event.auditId);
  else await finishAudit(event.companyId, event.auditId);
  return { auditId: event.auditId };
});
