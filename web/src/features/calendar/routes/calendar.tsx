import { ChevronDown, ChevronLeft, ChevronRight, FileText, Megaphone, Sparkles, Trash2 } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { formatAs, localeWeekStart, parseRouteDate, today, toRouteDate } from '@/lib/dates';

type CalendarType = 'month' | 'week';
type CalendarView = 'calendar' | 'list';

const path = (date: Date, type: CalendarType, view: CalendarView) => `/calendar/${toRouteDate(date)}/${type}/${view}`;

function CreateMenu() {
  return (
    <details className="menu">
      <summary className="btn btn--primary btn--md">
        Create... <ChevronDown size={16} aria-hidden />
      </summary>
      <div className="menu__panel" role="menu">
        <Link role="menuitem" className="menu__item" to="/post/create">
          <Megaphone size={16} aria-hidden /> Social media post
        </Link>
        <Link role="menuitem" className="menu__item" to="/blog/create">
          <FileText size={16} aria-hidden /> Blog post
        </Link>
      </div>
    </details>
  );
}

function Segmented({ items }: { items: { label: string; to: string; active: boolean }[] }) {
  return (
    <div className="segmented" role="group">
      {items.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          className={['segmented__item', item.active ? 'segmented__item--active' : ''].join(' ')}
          aria-current={item.active ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </div>
  );
}

function Grid({ date, type }: { date: Date; type: CalendarType }) {
  const weekStartsOn = localeWeekStart();
  const now = today();
  const days = eachDayOfInterval({
    start: startOfWeek(type === 'month' ? startOfMonth(date) : date, { weekStartsOn }),
    end: endOfWeek(type === 'month' ? endOfMonth(date) : date, { weekStartsOn }),
  });
  const names = days.slice(0, 7).map((day) => formatAs(day, 'EEE'));
  return (
    <div className={['cal', `cal--${type}`].join(' ')}>
      <div className="cal__head">
        {names.map((name) => (
          <div key={name} className="cal__weekday">
            {name}
          </div>
        ))}
      </div>
      <div className="cal__body">
        {days.map((day) => (
          <div
            key={toRouteDate(day)}
            className={[
              'cal__day',
              type === 'month' && !isSameMonth(day, date) ? 'cal__day--outside' : '',
              isSameDay(day, now) ? 'cal__day--today' : '',
            ].join(' ')}
          >
            <span className="cal__date">{formatAs(day, type === 'week' ? 'd MMM' : 'd')}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function ListView() {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Content</th>
            <th scope="col">Platform</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={4} className="table__empty">
              No posts created yet.
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** /calendar/{date}/{type}/{view}: month (default) or week, calendar (default) or list. */
export default function CalendarRoute() {
  const params = useParams();
  const date = parseRouteDate(params.date);
  const type: CalendarType = params.type === 'week' ? 'week' : 'month';
  const view: CalendarView = params.view === 'list' ? 'list' : 'calendar';

  const step = (direction: 1 | -1) =>
    type === 'month' ? addMonths(startOfMonth(date), direction) : addDays(date, 7 * direction);
  // The list view always covers the current month only (spec 01 §2).
  const title =
    type === 'month' || view === 'list'
      ? formatAs(date, 'MMMM yyyy')
      : `Week of ${formatAs(startOfWeek(date, { weekStartsOn: localeWeekStart() }), 'd MMMM yyyy')}`;

  return (
    <div className="page">
      <PageHeader
        title="Calendar"
        description="Everything scheduled and published, in one place."
        actions={
          <>
            <Button
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden />}
              disabled
              title="No scheduled posts to delete"
            >
              Delete scheduled posts
            </Button>
            <Button
              variant="secondary"
              icon={<Sparkles size={16} aria-hidden />}
              disabled
              title="AI generation arrives in a coming release"
            >
              Generate...
            </Button>
            <CreateMenu />
          </>
        }
      />
      <Card padded={false} className="cal-card">
        <div className="cal-toolbar">
          <div className="cal-toolbar__nav">
            <ButtonLink
              to={path(step(-1), type, view)}
              variant="ghost"
              size="sm"
              aria-label="Previous"
              icon={<ChevronLeft size={18} />}
            />
            <ButtonLink to={path(today(), type, view)} variant="secondary" size="sm">
              Today
            </ButtonLink>
            <ButtonLink
              to={path(step(1), type, view)}
              variant="ghost"
              size="sm"
              aria-label="Next"
              icon={<ChevronRight size={18} />}
            />
            <h2 className="cal-toolbar__title">{title}</h2>
          </div>
          <div className="cal-toolbar__switches">
            <Segmented
              items={[
                { label: 'Month', to: path(date, 'month', view), active: type === 'month' },
                { label: 'Week', to: path(date, 'week', view), active: type === 'week' },
              ]}
            />
            <Segmented
              items={[
                { label: 'Calendar', to: path(date, type, 'calendar'), active: view === 'calendar' },
                { label: 'List', to: path(date, type, 'list'), active: view === 'list' },
              ]}
            />
          </div>
        </div>
        {view === 'list' ? <ListView /> : <Grid date={date} type={type} />}
      </Card>
    </div>
  );
}
