import type { Suggestion } from '@shared/schemas/calendar-suggestions';
import { FileText, Lightbulb, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatAs } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useAuditSuggestions, useDraftFromSuggestion } from '@/api/posts/audit-suggestions';
import './audit-ideas.css';

const editorPath = (format: Suggestion['format'], postId: number) =>
  `/${format === 'blog' ? 'blog' : 'post'}/${postId}`;

function Idea({ idea }: { idea: Suggestion }) {
  const navigate = useNavigate();
  const draft = useDraftFromSuggestion();
  const create = () =>
    draft.mutate(idea.id, {
      onSuccess: (made) => void navigate(editorPath(idea.format, made.postId)),
      onError: (error) => notify.error(errorMessage(error)),
    });
  const Icon = idea.format === 'blog' ? FileText : Send;
  return (
    <li className="ideas__item">
      <div className="ideas__text">
        <p className="ideas__title">
          <Icon size={16} aria-hidden className="ideas__icon" />
          {idea.title}
          <span className="badge badge--neutral">{idea.format === 'blog' ? 'Blog article' : 'Social post'}</span>
        </p>
        <p className="ideas__why">{idea.why}</p>
      </div>
      <div className="ideas__action">
        {idea.postId ? (
          <ButtonLink to={editorPath(idea.format, idea.postId)} variant="secondary" size="sm">
            Open draft
          </ButtonLink>
        ) : (
          <Button size="sm" pending={draft.isPending} onClick={create} aria-label={`Create draft: ${idea.title}`}>
            Create draft
          </Button>
        )}
      </div>
    </li>
  );
}

function IdeaList() {
  const ideas = useAuditSuggestions(true);
  if (ideas.isPending)
    return (
      <p className="ideas__status">
        <Spinner size={14} /> Reading your latest audit…
      </p>
    );
  if (ideas.isError) return <Alert type="error">{errorMessage(ideas.error)}</Alert>;
  const { suggestions, reason, auditId, finishedAt } = ideas.data;
  if (!auditId)
    return (
      <EmptyState
        compact
        icon={Lightbulb}
        title="No website audit yet"
        action={
          <ButtonLink to="/seo-report" variant="secondary" size="sm">
            Run a website audit
          </ButtonLink>
        }
      >
        {reason}
      </EmptyState>
    );
  if (!suggestions.length) return <EmptyState compact icon={Lightbulb} title={reason ?? 'Nothing to suggest'} />;
  return (
    <>
      <p className="ideas__source">
        From your <Link to="/seo-report">website audit</Link>
        {finishedAt ? ` of ${formatAs(new Date(finishedAt), 'd MMMM yyyy')}` : ''}: each idea becomes a draft you can
        edit.
      </p>
      <ul className="ideas__list">
        {suggestions.map((idea) => (
          <Idea key={idea.id} idea={idea} />
        ))}
      </ul>
    </>
  );
}

/**
 * The calendar's "Ideas from your website audit": a disclosure among the header's extras, as the
 * duplicate warning is, so the calendar's first load does not grow. Nothing is asked of the server
 * until it is opened.
 */
export default function AuditIdeas() {
  const [open, setOpen] = useState(false);
  return (
    <details className="menu ideas" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="btn btn--secondary btn--md">
        <Lightbulb size={16} aria-hidden />
        Audit ideas
      </summary>
      <div className="menu__panel ideas__panel" role="region" aria-labelledby="audit-ideas-heading">
        <h2 id="audit-ideas-heading" className="ideas__heading">
          Ideas from your website audit
        </h2>
        {open ? <IdeaList /> : null}
      </div>
    </details>
  );
}
