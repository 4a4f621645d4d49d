import { PLATFORM_LABELS } from '@shared/platforms';
import type { Post } from '@shared/schemas/calendar';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { formatInZone, viewerZone } from '@/lib/format-date';
import { useAddToQueue } from '@/api/queue/queue';
import './add-to-queue-button.css';

/** Posts that may go in the queue: not yet out, and not a custom blog's (copied by hand). */
export const queueable = (post: Post) =>
  post.platform !== 'custom-blog' && post.status !== 'published' && post.status !== 'in-progress';

/**
 * "Add to queue" for a post group (the post and its siblings): each goes in its platform's next
 * free slot. Says where each went, or why not; a free plan gets the upgrade prompt. Loaded with
 * the editor's extras and the calendar's dialogs, never in a page's first load.
 */
export function AddToQueueButton({ posts, toast = false }: { posts: Post[]; toast?: boolean }) {
  const add = useAddToQueue();
  const [problem, setProblem] = useState<string | null>(null);
  const zone = viewerZone();
  const group = posts.filter(queueable);
  if (!group.length) return null;
  const where = (queued: Post[]) =>
    queued
      .map(
        (p) =>
          `${PLATFORM_LABELS[p.platform]} ${p.scheduledAt ? formatInZone(p.scheduledAt, 'EEE d MMM, HH:mm', zone) : ''}`,
      )
      .join(' · ');
  const onAdd = () => {
    setProblem(null);
    // A promise, not mutate's callbacks, which never run once the caller is gone (the calendar's
    // preview closes as its post moves to its slot's day); the toast says where it went there.
    add.mutateAsync({ postIds: group.map((p) => p.id), zone }).then(
      (queued) => {
        if (toast) notify.success(`Queued: ${where(queued)}.`);
      },
      (error: unknown) => {
        if (!promptIfUpgradeRequired(error)) setProblem(errorMessage(error));
      },
    );
  };
  return (
    <div className="add-to-queue">
      <Button type="button" variant="secondary" onClick={onAdd} pending={add.isPending}>
        Add to queue
      </Button>
      <div className="add-to-queue__status" role="status">
        {add.data ? (
          <>
            Queued: {where(add.data)}. <Link to="/queue">See the queue</Link>
          </>
        ) : null}
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
