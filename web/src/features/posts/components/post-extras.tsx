import type { Post } from '@shared/schemas/calendar';
import { ApprovalPanel } from './approval-panel';
import { FirstCommentCard } from './first-comment-card';
import './post-extras.css';

/** The post page's parts that load after it (load-post-extras.ts): the first comment and the approval. */
export function PostExtras({ post }: { post: Post }) {
  return (
    <>
      <FirstCommentCard post={post} />
      <ApprovalPanel post={post} />
    </>
  );
}
