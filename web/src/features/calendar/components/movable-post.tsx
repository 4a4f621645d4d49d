import type { Post } from '@shared/schemas/calendar';
import { PLATFORM_LABELS } from '@shared/platforms';
import { Eye } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { canMove } from '../can-move';
import { PostChip } from './post-chip';
import './movable-post.css';
import { loadCalendarDialogs } from './load-calendar-dialogs';

/** The preview (and the keyboard's way to move a post) is fetched the first time one is opened. */
const PostPreviewDialog = lazy(() => loadCalendarDialogs().then((m) => ({ default: m.PostPreviewDialog })));

/** What a drag carries: the post's id, under a type no other page or app writes. */
export const POST_DRAG_TYPE = 'application/x-calendar-post';

/**
 * A post on the grid: its chip, draggable to another day unless it is published, being published
 * or waiting for Publish Now, or the viewer's role may not change content (`editable`); and a
 * button opening its preview, where the keyboard moves it too.
 */
export function MovablePost({
  post,
  time,
  zone,
  editable,
}: {
  post: Post;
  time: string;
  zone: string;
  editable: boolean;
}) {
  const [open, setOpen] = useState(false);
  const movable = editable && canMove(post);
  return (
    <li
      className={['movable-post', movable ? 'movable-post--movable' : ''].join(' ')}
      draggable={movable}
      onDragStart={(event) => {
        if (!movable) return;
        event.dataTransfer.setData(POST_DRAG_TYPE, String(post.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      <PostChip post={post} time={time} />
      <button
        type="button"
        className="movable-post__preview"
        aria-label={`Preview ${PLATFORM_LABELS[post.platform]} post at ${time}${movable ? ' or move it' : ''}`}
        title="Preview"
        onClick={() => setOpen(true)}
      >
        <Eye size={13} aria-hidden />
      </button>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <PostPreviewDialog post={post} zone={zone} onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </li>
  );
}
