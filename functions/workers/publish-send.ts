import { publishStateSchema } from '../core/posts/publish-input';
import { workerHandler } from '../core/jobs/worker-handler';
import { sendPublish } from '../core/publishing/publish-steps';

/** Task "Send" of publish-post.asl.json: create the post (or find it after an unknown outcome). */
export const handler = workerHandler(publishStateSchema, (event) => sendPublish(event, event.run));
