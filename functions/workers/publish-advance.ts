import type { PublishState, PublishRun } from '../core/publishing/publish-input';
import { advancePublish } from '../core/publishing/publish-steps';

/** Task "Advance" of publish-post.asl.json: prepare containers or uploads and poll them. */
export const handler = (event: PublishState): Promise<PublishRun> => advancePublish(event, event.run);
