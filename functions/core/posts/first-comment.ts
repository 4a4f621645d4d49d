import { checkFirstComment, FIRST_COMMENT_MAX } from '@shared/first-comment-rules';
import type { FirstComment } from '@shared/schemas/first-comment';
import { conflict, fieldError } from '../errors';
import { STALE_WRITE } from '../table/entity';
import { applyApprovalRules } from './approval-rules';
import { approvalsRequired } from './approval-settings';
import { afterPostWritten } from './post-schedule';
import { getPost, writePost, type AfterPostWrite } from './post-store';
import type { PostItem } from './post-entity';
import { assertEditable } from './post-transitions';

function toApiFirstComment(post: PostItem): FirstComment {
  const comment = post.firstComment;
  return {
    text: comment?.text ?? null,
    status: comment?.status ?? null,
    error: comment?.error ?? null,
    postedAt: comment?.postedAt ?? null,
    supported: FIRST_COMMENT_MAX[post.platform] !== undefined,
    version: post.version,
  };
}

export async function getFirstComment(companyId: number, postId: number): Promise<FirstComment> {
  return toApiFirstComment(await getPost(companyId, postId));
}

/**
 * Sets (or, with empty text, clears) a post's first comment, like any edit: not once the post
 * is published or being published, on the version the editor loaded, and, where the company
 * approves posts, as a change of what was approved (`afterWrite` follows it, as for updatePost).
 */
export async function saveFirstComment(
  companyId: number,
  postId: number,
  input: { text: string; version: number },
  editorId: number,
  afterWrite: AfterPostWrite,
  now = new Date(),
): Promise<FirstComment> {
  const current = await getPost(companyId, postId);
  assertEditable(current.status);
  if (current.version !== input.version) throw conflict(STALE_WRITE);
  const problem = checkFirstComment(current.platform, input.text);
  if (problem) throw fieldError('text', problem);
  const text = input.text.trim() ? input.text : null;
  const edited: PostItem = {
    ...current,
    firstComment: text
      ? { text, status: 'pending', externalId: null, error: null, since: null, leaseUntil: null, postedAt: null }
      : null,
    updatedAt: now.toISOString(),
    version: current.version + 1,
  };
  const next = applyApprovalRules(current, edited, 'save', await approvalsRequired(companyId), now, editorId);
  await writePost(next, current.version);
  await afterPostWritten(current, next);
  await afterWrite(current, next);
  return toApiFirstComment(next);
}
