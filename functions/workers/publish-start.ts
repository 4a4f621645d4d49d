import type { PublishInput, PublishRun } from '../core/publishing/publish-input';
import { startPublish } from '../core/publishing/publish-steps';

/** Task "Start" of publish-post.asl.json: claim the post, check the plan. */
export const handler = (event: PublishInput): Promise<PublishRun> => startPublish(event);
