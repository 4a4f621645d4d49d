import { publishInputSchema, publishRunSchema } from '../core/posts/publish-input';
import { taskErrorSchema, workerHandler } from '../core/jobs/worker-handler';
import { failPublish } from '../core/publishing/publish-steps';

/**
 * Tasks "RecordFailure" (the run's sentence) and "RecordCrash" (a task failed for good: the
 * Catch's `error`, and the generic sentence) of publish-post.asl.json: the post ends failed and
 * the company is told, unless the run no longer holds its claim.
 */
const failInputSchema = publishInputSchema.extend({
  run: publishRunSchema.optional(),
  error: taskErrorSchema.optional(),
});

export const handler = workerHandler(failInputSchema, async (event) => {
  await failPublish(event, event.error ? undefined : event.run?.message, event.run?.claimedVersion);
  return { postId: event.postId };
});
