import { publishStateSchema } from '../core/posts/publish-input';
import { workerHandler } from '../core/jobs/worker-handler';
import { advancePublish } from '../core/publishing/publish-steps';

/** Task "Advance" of publish-post.asl.json: prepare containers or uploads and poll them. */
export const handler = workerHandler(publishStateSchema, (event) => advancePublish(event, event.run));
