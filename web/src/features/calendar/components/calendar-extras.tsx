import { PLATFORM_LABELS, isBlogPlatform } from '@shared/platforms';
import { Link } from 'react-router-dom';
import { useDuplicates } from '../api/get-duplicates';
import AuditIdeas from './audit-ideas';

/**
 * The calendar's header actions that load after the page (its first load is at its budget):
 * the warning when a post on the days shown repeats the copy of a post scheduled or published
 * on the same platform within a week (a warning only: both may stay), the ideas from the website
 * audit, and the way to imports.
 */
export default function CalendarExtras({ zone, from, to }: { zone: string; from: string; to: string }) {
  const duplicates = useDuplicates(zone, from, to);
  const flags = duplicates.data ?? [];
  const title = `${flags.length} possible duplicate${flags.length === 1 ? '' : 's'}`;
  return (
    <>
      <AuditIdeas />
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
      <Link className="btn btn--ghost btn--md" to="/import">
        Import
      </Link>
    </>
  );
}
