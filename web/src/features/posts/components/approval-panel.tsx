import { APPROVAL_LABELS, type ApprovalState } from '@shared/schemas/approval-state';
import { approvalMessages, type ApprovalComment } from '@shared/schemas/approvals';
import type { Post } from '@shared/schemas/calendar';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, viewerZone } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useDecide, usePostApproval, useRequestReview, useReviewLink } from '@/api/approvals/post-approval';
import { useRefreshReviewLinks } from '@/api/approvals/review-links';
import { ReviewLinks } from './review-links';

const APPROVAL_TONE: Record<ApprovalState, 'warning' | 'success' | 'danger'> = {
  'in-review': 'warning',
  approved: 'success',
  'changes-requested': 'danger',
};

/** The review's history, oldest first: who moved it where, and what they said. */
function ApprovalComments({ comments }: { comments: ApprovalComment[] }) {
  if (!comments.length) return null;
  const zone = viewerZone();
  return (
    <ol className="approval__comments" aria-label="Review history">
      {comments.map((c, i) => (
        <li key={i} className="approval__comment">
          <p className="approval__comment-head">
            <strong>{c.by}</strong>
            {c.role === 'reviewer' ? ' (reviewer)' : ''}
            {c.decision ? <> · {APPROVAL_LABELS[c.decision]}</> : null} ·{' '}
            <time dateTime={c.at}>{formatDateTime(c.at, zone)}</time>
          </p>
          {c.text ? <p className="approval__comment-text">{c.text}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The post page's approval card (a chunk of its own: the editors' first load is at its budget):
 * the state and its history, Ask for review for the author, Approve / Ask for changes for the
 * other members, a review link for someone outside the company (never the asker's own while
 * another member may decide: the server says who may), and the review's live links to revoke.
 */
export function ApprovalPanel({ post }: { post: Post }) {
  const approval = usePostApproval(post.id);
  const request = useRequestReview(post.id);
  const decide = useDecide(post.id);
  const link = useReviewLink(post.id);
  const refreshLinks = useRefreshReviewLinks(post.id);
  const [comment, setComment] = useState('');
  const data = approval.data;
  if (!data || (!data.required && !data.state)) return null;
  const reviewable = (post.status === 'draft' || post.status === 'failed') && data.state !== 'in-review';
  const inReview = data.state === 'in-review';
  const failed = request.error ?? decide.error ?? link.error;
  const onDecide = (decision: 'approved' | 'changes-requested') =>
    decide.mutate(
      { decision, comment, version: data.version },
      {
        onSuccess: () => {
          setComment('');
          notify.success(decision === 'approved' ? 'Approved.' : 'Changes asked for.');
        },
      },
    );
  return (
    <Card
      title="Approval"
      description={
        data.state
          ? undefined
          : 'This company approves posts before they are scheduled. Ask for a review when the post is ready.'
      }
      actions={data.state ? <Badge tone={APPROVAL_TONE[data.state]}>{APPROVAL_LABELS[data.state]}</Badge> : null}
      className="approval"
    >
      <ApprovalComments comments={data.comments} />
      {failed ? <Alert type="error">{errorMessage(failed)}</Alert> : null}
      {reviewable || data.canDecide ? (
        <TextAreaField
          label={data.canDecide ? 'Your comment' : 'A note for the reviewers (optional)'}
          rows={3}
          value={comment}
          maxLength={2000}
          onChange={(event) => setComment(event.target.value)}
        />
      ) : null}
      <div className="approval__actions">
        {reviewable ? (
          <Button
            pending={request.isPending}
            onClick={() =>
              request.mutate(
                { version: post.version, ...(comment.trim() ? { comment } : {}) },
                { onSuccess: () => setComment('') },
              )
            }
          >
            Ask for review
          </Button>
        ) : null}
        {data.canDecide ? (
          <>
            <Button pending={decide.isPending} onClick={() => onDecide('approved')}>
              Approve
            </Button>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => onDecide('changes-requested')}>
              Ask for changes
            </Button>
          </>
        ) : null}
        {inReview && data.canMakeLink ? (
          <Button
            variant="ghost"
            pending={link.isPending}
            onClick={() => link.mutate(undefined, { onSuccess: () => void refreshLinks() })}
          >
            Get a review link
          </Button>
        ) : null}
      </div>
      {inReview && data.canManageLinks && !data.canMakeLink ? (
        <p className="muted">{approvalMessages.ownLink}</p>
      ) : null}
      {link.data ? (
        <TextField
          label="Review link (one decision, this post only)"
          readOnly
          value={link.data.url}
          hint={`Anyone with it can approve this post once, until ${formatDateTime(link.data.expiresAt, viewerZone())}.`}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
      {inReview && data.canManageLinks ? (
        <ReviewLinks
          postId={post.id}
          onRevoked={(linkId) => {
            if (linkId === link.data?.id) link.reset();
          }}
        />
      ) : null}
    </Card>
  );
}
