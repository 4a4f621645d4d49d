import type { Post } from '@shared/schemas/calendar';
import { formatAs, isSameDay, isSameMonth, toRouteDate } from '@/lib/dates';
import { formatInZone } from '@/lib/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CalendarType } from '../calendar-range';
import { DropSlots } from './drop-slots';
import { MovablePost, POST_DRAG_TYPE } from './movable-post';
import { loadCalendarDialogs } from './load-calendar-dialogs';

/**
 * A month grid (weeks of seven days) or one week's columns, each day with its posts in time order;
 * posts are dragged to another day only when `editable` (a role that may change content).
 */
export function CalendarGrid({
  date,
  type,
  days,
  posts,
  zone,
  today,
  editable,
}: {
  date: Date;
  type: CalendarType;
  days: Date[];
  posts: Post[];
  zone: string;
  today: Date;
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const [dropDay, setDropDay] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    // The week view's time targets appear once a post is being dragged: after dragstart, since
    // changing the page inside it makes Chromium drop the drag.
    const start = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes(POST_DRAG_TYPE)) setTimeout(() => setDragging(true), 0);
    };
    const end = () => setDragging(false);
    document.addEventListener('dragstart', start);
    document.addEventListener('dragend', end);
    document.addEventListener('drop', end);
    return () => {
      document.removeEventListener('dragstart', start);
      document.removeEventListener('dragend', end);
      document.removeEventListener('drop', end);
    };
  }, []);
  const move = (id: number, day: string, time?: string) => {
    const post = posts.find((p) => p.id === id);
    if (!post) return;
    if (!time && formatInZone(post.date, 'yyyy-MM-dd', zone) === day) return;
    void loadCalendarDialogs().then((m) => m.reschedulePost(queryClient, { post, day, zone, time }));
  };
  const byDay = new Map<string, { post: Post; time: string }[]>();
  for (const post of posts) {
    // A post's local day and time by Intl (what localParts gives), so the page needs no calendar-time.ts.
    const day = formatInZone(post.date, 'yyyy-MM-dd', zone);
    const time = formatInZone(post.date, 'HH:mm', zone);
    const list = byDay.get(day) ?? [];
    list.push({ post, time });
    byDay.set(day, list);
  }
  return (
    <div className={['cal', `cal--${type}`].join(' ')} role="grid" aria-label={formatAs(date, 'MMMM yyyy')}>
      <div className="cal__head" role="row">
        {days.slice(0, 7).map((day) => (
          <div key={formatAs(day, 'EEE')} className="cal__weekday" role="columnheader">
            {formatAs(day, 'EEE')}
          </div>
        ))}
      </div>
      <div className="cal__body" role="rowgroup">
        {Array.from({ length: days.length / 7 }, (_, week) => (
          <div key={week} className="cal__week" role="row">
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const key = toRouteDate(day);
              const items = byDay.get(key) ?? [];
              return (
                // Dropping is the mouse's way to move a post; the keyboard's is the post's preview dialog.
                // eslint-disable-next-line jsx-a11y/interactive-supports-focus
                <div
                  key={key}
                  role="gridcell"
                  data-day={key}
                  className={[
                    'cal__day',
                    type === 'month' && !isSameMonth(day, date) ? 'cal__day--outside' : '',
                    isSameDay(day, today) ? 'cal__day--today' : '',
                    dropDay === key ? 'cal__day--drop' : '',
                  ].join(' ')}
                  // A post dragged here moves to this day at its own time of day (movable-post.tsx).
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    setDropDay(key);
                  }}
                  onDragLeave={() => setDropDay((current) => (current === key ? null : current))}
                  onDrop={(event) => {
                    event.preventDefault();
                    setDropDay(null);
                    move(Number(event.dataTransfer.getData(POST_DRAG_TYPE)), key);
                  }}
                >
                  <span className="cal__date">{formatAs(day, type === 'week' ? 'EEE d MMM' : 'd')}</span>
                  {type === 'week' && dragging ? <DropSlots onDropAt={(id, time) => move(id, key, time)} /> : null}
                  {items.length ? (
                    <ul className="cal__posts">
                      {items.map(({ post, time }) => (
                        <MovablePost key={post.id} post={post} time={time} zone={zone} editable={editable} />
                      ))}
                    </ul>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
