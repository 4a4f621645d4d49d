import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, viewerZone } from '@/lib/format-date';
import { useDecideByLink, useReview } from '@/api/approvals/review-by-link';
import './review.css';

// Written out here: this public page loads none of the app's platform or approval modules, whose
// chunks would each be named in every page's first load (the entry's preload list).
const PLATFORM_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  wordpress: 'WordPress',
  'custom-blog': 'Blog',
};
const STATE_NAMES: Record<string, string> = {
  'in-review': 'In review',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
};
/** Dates as the rest of the app writes them (5 Mar 26, 14:05:09), in the reader's zone. */
const when = (iso: string) => formatDateTime(iso, viewerZone());

/**
 * /review/{id}?token=: an outside reviewer's page, no account needed. It shows the one post the
 * link is for, its review so far, and one decision: Approve, or Ask for changes with a comment.
 * A link used, expired or for another post shows the server's sentence and nothing of the post.
 */
export default function ReviewRoute() {
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token') ?? '';
  const review = useReview(Number.isInteger(id) ? id : 0, token);
  const decide = useDecideByLink(id, token);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [missingComment, setMissingComment] = useState(false);

  if (!token || review.isError) {
    return (
      <main className="page review">
        <PageHeader title="Review a post" />
        <Alert type="error">{token ? errorMessage(review.error) : 'This review link is not valid.'}</Alert>
      </main>
    );
  }
  const view = review.data;
  if (!view) {
    return (
      <main className="page review">
        <Spinner label="Loading the post" />
      </main>
    );
  }
  const { post } = view;
  const onDecide = (decision: 'approved' | 'changes-requested') => {
    if (decision === 'changes-requested' && !comment.trim()) {
      setMissingComment(true);
      return;
    }
    setMissingComment(false);
    decide.mutate({ decision, comment, name, version: post.version });
  };
  return (
    <main className="page review">
      <PageHeader
        title={`Review a post for ${view.companyName || 'a company'}`}
        description={post.scheduledAt ? `Planned for ${when(post.scheduledAt)}` : 'Not scheduled yet'}
      />
      <Card
        title={PLATFORM_NAMES[post.platform]}
        actions={view.state ? <Badge tone="neutral">{STATE_NAMES[view.state]}</Badge> : null}
      >
        {post.subject ? <h2 className="review__subject">{post.subject}</h2> : null}
        <p className="review__content">{post.content}</p>
        {post.media.length ? (
          <div className="review__media">
            {post.media.map((m, i) =>
              m.type === 'video' ? (
                // The post's own video, as the platform will show it: it has no captions to offer.
                // eslint-disable-next-line jsx-a11y/media-has-caption
                <video key={i} src={m.url} controls aria-label={`Video ${i + 1} of the post`} />
              ) : (
                <img key={i} src={m.url} alt={`File ${i + 1} of the post`} />
              ),
            )}
          </div>
        ) : null}
      </Card>
      {view.comments.length ? (
        <Card title="Review so far">
          <ol className="review__comments">
            {view.comments.map((c, i) => (
              <li key={i}>
                <strong>{c.by}</strong>
                {c.decision ? ` · ${STATE_NAMES[c.decision]}` : ''} · <time dateTime={c.at}>{when(c.at)}</time>
                {c.text ? <p>{c.text}</p> : null}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
      {view.open ? (
        <Card title="Your decision" description={`This link takes one decision, until ${when(view.expiresAt)}.`}>
          <div className="form">
            <TextField
              label="Your name (optional)"
              value={name}
              maxLength={80}
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
            />
            <TextAreaField
              label="Comment"
              hint="Required when you ask for changes."
              rows={4}
              maxLength={2000}
              value={comment}
              error={missingComment ? 'Say what should change.' : undefined}
              onChange={(event) => setComment(event.target.value)}
            />
            {decide.error ? <Alert type="error">{errorMessage(decide.error)}</Alert> : null}
            <div className="review__actions">
              <Button
                pending={decide.isPending && decide.variables.decision === 'approved'}
                disabled={decide.isPending}
                onClick={() => onDecide('approved')}
              >
                Approve
              </Button>
              <Button
                variant="secondary"
                pending={decide.isPending && decide.variables.decision === 'changes-requested'}
                disabled={decide.isPending}
                onClick={() => onDecide('changes-requested')}
              >
                Ask for changes
              </Button>
            </div>
          </div>
        </Card>
      ) : (
        <Alert type={view.state === 'approved' ? 'success' : 'info'}>
          {view.state === 'approved'
            ? 'Thank you: the post is approved. The team was told.'
            : view.state === 'changes-requested'
              ? 'Thank you: the team was asked for changes.'
              : 'This post is not waiting for a review.'}
        </Alert>
      )}
    </main>
  );
}
