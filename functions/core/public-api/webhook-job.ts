import { z } from 'zod';
import { defineJobKind } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { WEBHOOK_JOB_KIND } from '../webhooks/webhook-outbox';
import { attemptDelivery } from './webhook-deliveries';

/**
 * One webhook delivery attempt, run by the run-job workflow. Its retries are not the
 * workflow's Retry (seconds apart, and lost with the process on the embedded runtime): the
 * delivery item holds its next time, on GSI3, and the webhook sweeper starts it then.
 */
export const webhookDeliveryJob = defineJobKind({
  name: WEBHOOK_JOB_KIND,
  input: z.object({ webhookId: z.string(), deliveryId: z.string() }),
  result: z.object({ outcome: z.enum(['delivered', 'retrying', 'failed', 'skipped']) }),
  // Opens the webhook's signing secret and nothing else the token key sealed; no bucket, no schedules.
  grants: defineGrants({ table: TABLE_READ_WRITE, tokenKey: ['decrypt'], sealed: ['webhook-secrets'] }),
  run: async (input, ctx) => ({
    outcome: await attemptDelivery(ctx.companyId, input.webhookId, input.deliveryId, ctx.signal),
  }),
});
