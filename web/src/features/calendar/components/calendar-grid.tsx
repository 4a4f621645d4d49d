import type { Post } from '@shared/schemas/calendar';
import { isSameDay, isSameMonth } from 'date-fns';
import { formatAs, toRouteDate } from '@/lib/dates';
import { formatInZone } from '@/lib/format-date';
import type { CalendarType } from '../calendar-range';
import { PostChip } from './post-chip';

/** A month grid (weeks of seven days) or one week's columns, each day with its posts in time order. */
export function CalendarGrid({
  date,
  type,
  days,
  posts,
  zone,
  today,
}: {
  date: Date;
  type: CalendarType;
  days: Date[];
  posts: Post[];
  zone: string;
  today: Date;
}) {
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
                <div
                  key={key}
                  role="gridcell"
                  data-day={key}
                  className={[
                    'cal__day',
                    type === 'month' && !isSameMonth(day, date) ? 'cal__day--outside' : '',
                    isSameDay(day, today) ? 'cal__day--today' : '',
                  ].join(' ')}
                >
                  <span className="cal__date">{formatAs(day, type === 'week' ? 'EEE d MMM' : 'd')}</span>
                  {items.length ? (
                    <ul className="cal__posts">
                      {items.map(({ post, time }) => (
                        <li key={post.id}>
                          <PostChip post={post} time={time} />
                        </li>
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
