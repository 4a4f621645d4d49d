import { PLATFORM_LABELS, isBlogPlatform } from '@shared/platforms';
import { Link } from 'react-router-dom';
import { useMay } from '@/api/companies/permissions';
import { useDuplicates } from '@/api/posts/duplicates';
import AuditIdeas from './audit-ideas';
import { CalendarActions } from './calendar-actions';

/**
 * The calendar's header actions, loaded after the page (its first load is at its budget): the
 * warning when a post on the days shown repeats the copy of a post scheduled or published on the
 * same platform within a week (a warning only: both may stay), then, for a role that may write
 * content, the ideas from the website audit, the ways to the queue and to imports, Delete scheduled posts,
 * Generate... and Create... (calendar-actions.tsx).
 */
export default function CalendarExtras({
  range,
  scheduledCount,
}: {
  range: { zone: string; from: string; to: string; label: string };
  scheduledCount: number;
}) {
  const { zone, from, to } = range;
  const duplicates = useDuplicates(zone, from, to);
  const mayWrite = useMay('content');
  const flags = duplicates.data ?? [];
  const title = `${flags.length} possible duplicate${flags.length === 1 ? '' : 's'}`;
  return (
    <>
      {mayWrite ? <AuditIdeas /> : null}
      {flags.length ? (
        <details className="menu">
          <summary className="btn btn--secondary btn--md">
            <span className="badge badge--warning">{title}</span>
          </summary>
          <div className="menu__panel" role="region" aria-label={title}>
            <p>Same copy as a post scheduled within a week on the same platform:</p>
            <ul>
              {flags.map((flag) => {
                const kind = isBlogPlatform(flag.platform) ? 'blog' : 'post';
                return (
                  <li key={flag.id}>
                    <Link to={`/${kind}/${flag.id}`}>
                      {PLATFORM_LABELS[flag.platform]} post {flag.id}
                    </Link>{' '}
                    repeats <Link to={`/${kind}/${flag.duplicateOf}`}>post {flag.duplicateOf}</Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </details>
      ) : null}
      {mayWrite ? (
        <>
          <Link className="btn btn--ghost btn--md" to="/queue">
            Queue
          </Link>
          <Link className="btn btn--ghost btn--md" to="/import">
            Import
          </Link>
          <CalendarActions range={range} scheduledCount={scheduledCount} />
        </>
      ) : null}
    </>
  );
}
