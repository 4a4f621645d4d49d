import { businessMessages, type Review } from '@shared/schemas/business-listing';
import { MessageSquare, Star } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TextAreaField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useMay } from '@/api/companies/permissions';
import { useReviewActions, useReviews } from '@/api/business/reviews';

function Stars({ rating }: { rating: number }) {
  if (!rating) return <span className="bm-stars bm-stars--none">{businessMessages.noStarRating}</span>;
  return (
    <span className="bm-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={16} aria-hidden className={n <= rating ? 'bm-star bm-star--on' : 'bm-star'} />
      ))}
    </span>
  );
}

type Actions = ReturnType<typeof useReviewActions>;

/**
 * One review (spec 01 §4 "Review reply"): view mode and edit mode; Update/Reply needs text,
 * Generate only while the text is empty, Delete only when a reply exists (it closes edit mode and
 * clears the text); every control is disabled while any request of the tab runs. A role that may
 * not manage the listing reads the review and its reply (`readOnly`).
 */
function ReviewCard({
  review,
  actions,
  busy,
  readOnly,
}: {
  review: Review;
  actions: Actions;
  busy: boolean;
  readOnly: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reviewReply?.comment ?? '');
  const [failure, setFailure] = useState<string>();
  const hasReply = !!review.reviewReply;
  const attempt = async (failed: string, action: () => Promise<unknown>) => {
    setFailure(undefined);
    try {
      await action();
      return true;
    } catch {
      setFailure(failed);
      return false;
    }
  };
  const send = async () => {
    if (
      await attempt(businessMessages.updateReplyFailed, () =>
        actions.reply.mutateAsync({ reviewId: review.id, comment: text.trim() }),
      )
    )
      setEditing(false);
  };
  const remove = async () => {
    if (await attempt(businessMessages.deleteReplyFailed, () => actions.remove.mutateAsync(review.id))) {
      setEditing(false);
      setText('');
    }
  };
  const generate = () =>
    attempt(businessMessages.generateReplyFailed, async () => setText((await actions.generate(review.id)).reply));

  return (
    <li>
      <Card className="bm-review">
        <header className="bm-review__header">
          <div>
            <p className="bm-review__name">{review.reviewer.name}</p>
            <p className="muted bm-review__date">{formatDate(review.createdAt)}</p>
          </div>
          <Stars rating={review.starRating} />
        </header>
        {review.comment ? <p className="bm-review__comment">{review.comment}</p> : null}
        {editing ? (
          <div className="stack">
            <TextAreaField
              label={hasReply ? 'Edit your reply' : 'Your reply'}
              value={text}
              disabled={busy}
              rows={4}
              onChange={(e) => setText(e.target.value)}
            />
            <div className="form-actions">
              {hasReply ? (
                <Button variant="danger-ghost" disabled={busy} onClick={() => void remove()}>
                  Delete
                </Button>
              ) : null}
              <Button variant="ghost" disabled={busy} onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button
                variant="secondary"
                disabled={busy || text.trim() !== ''}
                pending={actions.generating}
                onClick={() => void generate()}
              >
                Generate
              </Button>
              <Button disabled={busy || !text.trim()} onClick={() => void send()}>
                {hasReply ? 'Update' : 'Reply'}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {review.reviewReply ? (
              <div className="bm-review__reply">
                <p className="bm-review__reply-title">Your reply</p>
                <p>{review.reviewReply.comment}</p>
              </div>
            ) : null}
            {readOnly ? null : (
              <div className="form-actions">
                {hasReply ? (
                  <Button variant="danger-ghost" size="sm" disabled={busy} onClick={() => void remove()}>
                    Delete
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    setText(review.reviewReply?.comment ?? '');
                    setEditing(true);
                  }}
                >
                  {hasReply ? 'Edit' : 'Reply'}
                </Button>
              </div>
            )}
          </>
        )}
        {failure ? <Alert type="error">{failure}</Alert> : null}
      </Card>
    </li>
  );
}

export function ReviewsTab({ locationId }: { locationId: string }) {
  const reviews = useReviews(locationId);
  const actions = useReviewActions(locationId);
  const busy = actions.reply.isPending || actions.remove.isPending || actions.generating;
  const readOnly = !useMay('apps');
  return (
    <section className="stack" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="bm-heading">
        Reviews
      </h2>
      {reviews.error ? <Alert type="error">{errorMessage(reviews.error)}</Alert> : null}
      {reviews.isPending ? <Spinner label="Loading reviews" /> : null}
      {reviews.data && !reviews.data.reviews.length ? (
        <Card>
          <EmptyState icon={MessageSquare} title="No reviews yet">
            Reviews customers leave on Google appear here.
          </EmptyState>
        </Card>
      ) : null}
      {reviews.data?.reviews.length ? (
        <ul className="bm-reviews">
          {reviews.data.reviews.map((r) => (
            <ReviewCard
              key={`${r.id}-${r.reviewReply?.comment ?? ''}`}
              review={r}
              actions={actions}
              busy={busy}
              readOnly={readOnly}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
