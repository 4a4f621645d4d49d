import type { Post } from '@shared/schemas/calendar';
import { shellMessages } from '@shared/shell-messages';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { usePaidPlan } from '@/api/billing/paid-plan';
import { ApprovalPanel } from './approval-panel';
import { DuplicateNotice } from './duplicate-notice';
import { FirstCommentCard } from './first-comment-card';
import { PostFiguresCard } from './post-figures';
import { QueueCard } from './queue-card';
import './post-extras.css';

/**
 * Spec 01 §2: the warning and its Billing Settings link while the company's plan does not publish.
 * It shows once the plan is known, so it loads after the editor, with the extras.
 */
export function PlanWarning() {
  const paid = usePaidPlan();
  if (paid.data !== false) return null;
  return (
    <Alert type="warning" action={<Link to="/settings/billing">Billing Settings</Link>}>
      {shellMessages.noPlanWarning}
    </Alert>
  );
}

/** The post page's parts that load after it (load-post-extras.ts): a published post's results, a duplicate warning, Add to queue, the first comment and the approval. */
export function PostExtras({ post }: { post: Post }) {
  return (
    <>
      <PostFiguresCard post={post} />
      <DuplicateNotice post={post} />
      <QueueCard post={post} />
      <FirstCommentCard post={post} />
      <ApprovalPanel post={post} />
    </>
  );
}
