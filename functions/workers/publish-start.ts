import { publishInputSchema } from '../core/posts/publish-input';
import { workerHandler } from '../core/jobs/worker-handler';
import { startPublish } from '../core/publishing/publish-steps';

/** Task "Start" of publish-post.asl.json: claim the post, check the plan. */
export const handler = workerHandler(publishInputSchema, (event) => startPublish(event));
