import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import {
  addDays,
  addMonths,
  formatAs,
  localeWeekStart,
  parseRouteDate,
  startOfMonth,
  startOfWeek,
  today,
  toRouteDate,
  viewerZone,
} from '@/lib/dates';
import { usePostRange } from '@/api/posts/calendar-posts';
import { CalendarGrid } from '../components/calendar-grid';
import { calendarPath, visibleDays, type CalendarType, type CalendarView } from '../calendar-range';
import { PostTable } from '../components/post-table';
import '../calendar.css';

// Its own chunk, after the page, through the dialogs' trampoline: the calendar's first load is at its budget.
const CalendarExtras = lazy(() => import('../components/calendar-dialogs-trampoline').then((m) => m.calendarExtras()));

function Segmented({ label, items }: { label: string; items: { label: string; to: string; active: boolean }[] }) {
  return (
    <div className="segmented" role="group" aria-label={label}>
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

/** /calendar/{date}/{type}/{view}: month (default) or week, calendar (default) or list; a bad date is today. */
export default function CalendarRoute() {
  const params = useParams();
  const zone = viewerZone();
  const date = parseRouteDate(params.date, zone);
  const type: CalendarType = params.type === 'week' ? 'week' : 'month';
  const view: CalendarView = params.view === 'list' ? 'list' : 'calendar';
  const days = visibleDays(date, type, view);
  const from = toRouteDate(days[0] ?? date);
  const to = toRouteDate(days[days.length - 1] ?? date);
  const range = usePostRange(zone, from, to);
  // Moving posts is a content right: a client reads the calendar (the header's actions ask for themselves).
  const mayEdit = useMay('content');
  const posts = range.data ?? [];

  const monthly = type === 'month' || view === 'list';
  const step = (direction: 1 | -1) =>
    monthly ? addMonths(startOfMonth(date), direction) : addDays(date, 7 * direction);
  const title = monthly
    ? formatAs(date, 'MMMM yyyy')
    : `Week of ${formatAs(startOfWeek(date, localeWeekStart()), 'd MMMM yyyy')}`;

  return (
    <div className="page cal-page">
      <PageHeader
        title="Calendar"
        description="Everything scheduled and published, in one place."
        actions={
          <Suspense fallback={null}>
            <CalendarExtras
              range={{ zone, from, to, label: title }}
              scheduledCount={posts.filter((p) => p.status === 'scheduled').length}
            />
          </Suspense>
        }
      />
      <Card padded={false} className="cal-card">
        <div className="cal-toolbar">
          <div className="cal-toolbar__nav">
            <ButtonLink
              to={calendarPath(step(-1), type, view)}
              variant="ghost"
              size="sm"
              aria-label={monthly ? 'Previous month' : 'Previous week'}
              icon={<ChevronLeft size={18} />}
            />
            <ButtonLink to={calendarPath(today(zone), type, view)} variant="secondary" size="sm">
              Today
            </ButtonLink>
            <ButtonLink
              to={calendarPath(step(1), type, view)}
              variant="ghost"
              size="sm"
              aria-label={monthly ? 'Next month' : 'Next week'}
              icon={<ChevronRight size={18} />}
            />
            <h2 className="cal-toolbar__title">{title}</h2>
          </div>
          <div className="cal-toolbar__switches">
            <Segmented
              label="Period"
              items={[
                { label: 'Month', to: calendarPath(date, 'month', view), active: type === 'month' },
                { label: 'Week', to: calendarPath(date, 'week', view), active: type === 'week' },
              ]}
            />
            <Segmented
              label="View"
              items={[
                { label: 'Calendar', to: calendarPath(date, type, 'calendar'), active: view === 'calendar' },
                { label: 'List', to: calendarPath(date, type, 'list'), active: view === 'list' },
              ]}
            />
          </div>
        </div>
        {range.isPending ? (
          <p className="cal-loading">
            <Spinner size={14} /> Loading posts…
          </p>
        ) : null}
        {range.isError ? (
          <div className="cal-loading">
            <Alert type="error">{errorMessage(range.error)}</Alert>
          </div>
        ) : null}
        {view === 'list' ? (
          <PostTable posts={posts} zone={zone} />
        ) : (
          <CalendarGrid
            date={date}
            type={type}
            days={days}
            posts={posts}
            zone={zone}
            today={today(zone)}
            editable={mayEdit}
          />
        )}
      </Card>
    </div>
  );
}
