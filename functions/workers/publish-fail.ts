import type { PublishState } from '../core/publishing/publish-input';
import { failPublish } from '../core/publishing/publish-steps';

interface FailInput extends Partial<PublishState> {
  companyId: number;
  postId: number;
  /** Present when a task failed for good (Catch output: {Error, Cause}): the generic sentence. */
  error?: { Error?: string; Cause?: string };
}

/** Task "RecordFailure" of publish-post.asl.json: the post ends failed and the company is told. */
export async function handler(event: FailInput): Promise<{ postId: number }> {
  await failPublish(event, event.error ? undefined : event.run?.message, event.run?.claimedVersion);
  return { postId: event.postId };
}
