import type { PublishState, PublishRun } from '../core/publishing/publish-input';
import { sendPublish } from '../core/publishing/publish-steps';

/** Task "Send" of publish-post.asl.json: create the post (or find it after an unknown outcome). */
export const handler = (event: PublishState): Promise<PublishRun> => sendPublish(event, event.run);
