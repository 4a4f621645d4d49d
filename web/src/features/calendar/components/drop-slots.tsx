import { useState } from 'react';
import { POST_DRAG_TYPE } from './movable-post';

/** The times of day a week column offers while a post is dragged: the generator's slots. */
const DROP_TIMES = ['09:00', '12:00', '15:00', '18:00'] as const;

/**
 * In the week view, a dragged post can land on a day at a time: each column shows these targets
 * only while a post is being dragged (the keyboard picks any time in the post's preview instead).
 */
export function DropSlots({ onDropAt }: { onDropAt: (postId: number, time: string) => void }) {
  const [over, setOver] = useState<string | null>(null);
  return (
    <ul className="drop-slots" aria-hidden>
      {DROP_TIMES.map((time) => (
        <li
          key={time}
          data-time={time}
          className={['drop-slots__slot', over === time ? 'drop-slots__slot--over' : ''].join(' ')}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
            event.preventDefault();
            event.stopPropagation();
            event.dataTransfer.dropEffect = 'move';
            setOver(time);
          }}
          onDragLeave={() => setOver((current) => (current === time ? null : current))}
          onDrop={(event) => {
            event.preventDefault();
            event.stopPropagation();
            setOver(null);
            onDropAt(Number(event.dataTransfer.getData(POST_DRAG_TYPE)), time);
          }}
        >
          {time}
        </li>
      ))}
    </ul>
  );
}
