import { permissionRefusal } from '@shared/permissions';
import { PLATFORM_LABELS } from '@shared/platform-rules';
import type { RuleProblem } from '@shared/platform-rules';
import type { Post, PostAction } from '@shared/schemas/calendar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import './editor-notes.css';

/**
 * The notes beside an existing post's editor: every rule it breaks, one a line (a draft may break
 * them; it cannot be scheduled until it does not), that the viewer's role may not change it, why
 * publishing failed (with Try again unless they may not), or that it is being sent. Only posts
 * with such a note fetch it: a new post's editor, and most others, never need it in their first load.
 */
export function EditorNotes({
  post,
  problems,
  readOnly,
  pending,
  onRetry,
}: {
  post: Post;
  problems: RuleProblem[];
  readOnly: boolean;
  pending: PostAction | null;
  onRetry: () => void;
}) {
  const published = post.status === 'published' || post.status === 'in-progress';
  return (
    <>
      {problems.length ? (
        <Alert type="error" title="This post cannot be published yet">
          <ul className="rule-problems">
            {problems.map((problem) => (
              <li key={`${problem.field} ${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {readOnly && !published ? <Alert type="info">{permissionRefusal('content')}</Alert> : null}
      <PublishingNote post={post} readOnly={readOnly} pending={pending} onRetry={onRetry} />
    </>
  );
}

function PublishingNote({
  post,
  readOnly,
  pending,
  onRetry,
}: {
  post: Post;
  readOnly: boolean;
  pending: PostAction | null;
  onRetry: () => void;
}) {
  if (post.error && post.status === 'failed')
    return (
      <Alert
        type="error"
        title="Publishing failed"
        action={
          readOnly ? undefined : (
            <Button
              size="sm"
              variant="secondary"
              pending={pending === 'publish'}
              disabled={pending !== null}
              onClick={onRetry}
            >
              Try again
            </Button>
          )
        }
      >
        {post.error}
      </Alert>
    );
  if (post.status === 'scheduled' && post.publish)
    return (
      <Alert type="info" title="Publishing">
        This post is on its way to {PLATFORM_LABELS[post.platform]}. This page updates when it is published.
      </Alert>
    );
  if (post.status === 'in-progress')
    return (
      <Alert type="info" title="Publishing">
        {PLATFORM_LABELS[post.platform]} is receiving this post. This page updates when it is published.
      </Alert>
    );
  return null;
}
