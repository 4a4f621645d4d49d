import { postContracts } from '@shared/contracts/posts';
import { PLATFORM_LABELS } from '@shared/platforms';
import { calendarFormMessages, type Post } from '@shared/schemas/calendar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod/mini';
import { AddToQueueButton } from '@/components/add-to-queue-button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { call } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { useSubmitOnlyForm } from '@/lib/forms';
import { formatInZone } from '@/lib/format-date';
import { useMay } from '@/api/companies/permissions';
import { useMediaBatch } from '@/api/media/media-library';
import { postKeys } from '@/api/posts/post-keys';
import { useReschedule } from '@/api/posts/reschedule-post';
import { canMove } from '../can-move';
import { PlatformPreview } from './platform-preview';
import { postPath } from './post-chip';
import './post-preview.css';

/** Where to move the post: a day and a time, both needed. */
const moveSchema = z.object({
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, calendarFormMessages.scheduleNeedsTime)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/, calendarFormMessages.scheduleNeedsTime)),
});

/**
 * A post as its platform will show it, opened from the calendar, and each sibling written with it
 * as its own platform will (one button per platform); below, the keyboard's way to do what
 * dragging does: a day and a time to move the shown post to (same route and checks), and Add to
 * queue for the group, for a role that may change content.
 */
export default function PostPreviewDialog({
  post: opened,
  zone,
  onClose,
}: {
  post: Post;
  zone: string;
  onClose: () => void;
}) {
  const { company } = useCurrentCompany();
  // Not the editor's query options: sharing their module would split it out of the editor's first load.
  const group = useQuery({
    queryKey: postKeys.withSiblings(opened.id),
    queryFn: ({ signal }) => call(postContracts.withSiblings, { params: { id: String(opened.id) }, signal }),
  });
  const posts = group.data ? [group.data.post, ...group.data.siblings] : [opened];
  const [shownId, setShownId] = useState(opened.id);
  const post = posts.find((p) => p.id === shownId) ?? opened;
  const files = useMediaBatch(post.files);
  const reschedule = useReschedule();
  const when = (date: Post['date']) => ({
    day: formatInZone(date, 'yyyy-MM-dd', zone),
    time: formatInZone(date, 'HH:mm', zone),
  });
  const move = useSubmitOnlyForm(moveSchema, when(opened.date));
  const onMove = move.handleSubmit(({ day, time }) =>
    reschedule.mutate({ post, day, zone, time }, { onSuccess: onClose }),
  );
  const mayEdit = useMay('content');
  const movable = mayEdit && canMove(post);

  return (
    <Dialog
      title={`${PLATFORM_LABELS[post.platform]} preview`}
      description={`How the post will look in the feed. Status: ${post.status}.`}
      onClose={onClose}
      className="post-preview-dialog"
    >
      {posts.length > 1 ? (
        <div className="post-preview-dialog__platforms" role="group" aria-label="Platforms of this post">
          {posts.map((p) => (
            <button
              key={p.id}
              type="button"
              className="post-preview-dialog__platform"
              aria-pressed={p.id === post.id}
              onClick={() => {
                setShownId(p.id);
                move.reset(when(p.date));
              }}
            >
              {PLATFORM_LABELS[p.platform]}
            </button>
          ))}
        </div>
      ) : null}
      <div className="post-preview-dialog__stage">
        <PlatformPreview
          key={post.id}
          post={post}
          files={files.data ?? []}
          account={company?.name.trim() ? company.name : 'Your business'}
          zone={zone}
        />
      </div>
      {!mayEdit ? null : movable ? (
        <form className="post-preview-dialog__move" onSubmit={(event) => void onMove(event)} noValidate>
          <TextField label="Move to day" type="date" required error={move.errors.day} {...move.register('day')} />
          <TextField label="Time" type="time" required error={move.errors.time} {...move.register('time')} />
          <Button type="submit" variant="secondary" pending={reschedule.isPending}>
            Move
          </Button>
        </form>
      ) : (
        <p className="dialog__text">A published post, or one being published, stays where it is.</p>
      )}
      {movable ? <AddToQueueButton posts={posts} toast /> : null}
      <div className="dialog__actions">
        <Link className="btn btn--ghost btn--md" to={postPath(post)}>
          {mayEdit ? 'Open editor' : 'Open post'}
        </Link>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
