import type { Post } from '@shared/schemas/calendar';
import { ApprovalPanel } from './approval-panel';
import { DuplicateNotice } from './duplicate-notice';
import { FirstCommentCard } from './first-comment-card';
import './post-extras.css';

/** The post page's parts that load after it (load-post-extras.ts): a duplicate warning, the first comment and the approval. */
export function PostExtras({ post }: { post: Post }) {
  return (
    <>
      <DuplicateNotice post={post} />
      <FirstCommentCard post={post} />
      <ApprovalPanel post={post} />
    </>
  );
}
