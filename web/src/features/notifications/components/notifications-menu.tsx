import { PLATFORM_LABELS, isBlogPlatform, type Platform } from '@shared/platforms';
import type { Notification } from '@shared/schemas/notifications';
import { Bell } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, viewerZone } from '@/lib/format-date';
import { useMay } from '@/api/companies/permissions';
import { useMarkRead, useNotifications } from '@/api/notifications/notifications';
import '../notifications.css';

const postLink = (n: Notification) =>
  n.postId === null ? null : `/${n.platform && isBlogPlatform(n.platform as Platform) ? 'blog' : 'post'}/${n.postId}`;

/**
 * The top bar's bell: how many notices are unread, and a panel listing the latest newest first
 * (a failed publish names the post, the platform and what to do). Opening a notice's post marks
 * it read; "Mark all read" marks the rest. Marking read is a content right: a client reads the
 * notices and leaves them as they are. Loaded after the page, never with it.
 */
export default function NotificationsMenu() {
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const mayMark = useMay('content');
  const panelId = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const unread = data?.unread ?? 0;
  const notices = data?.notifications ?? [];
  const zone = viewerZone();
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <details className="menu notices" ref={details}>
      <summary className="icon-btn notices__bell" aria-label={label} title={label} aria-controls={panelId}>
        <Bell size={20} aria-hidden />
        {unread ? (
          <span className="notices__count" aria-hidden>
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </summary>
      <div className="menu__panel notices__panel" id={panelId}>
        <div className="notices__head">
          <h2 className="notices__title">Notifications</h2>
          {unread && mayMark ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all read
            </button>
          ) : null}
        </div>
        {notices.length === 0 ? (
          <p className="notices__empty">Nothing to see here. When a post cannot be published, it shows up here.</p>
        ) : (
          <ul className="notices__list">
            {notices.map((n) => {
              const to = postLink(n);
              return (
                <li key={n.id} className={['notice', n.read ? '' : 'notice--unread'].join(' ')}>
                  <p className="notice__title">
                    {n.read ? null : <span className="visually-hidden">Unread: </span>}
                    {n.title}
                  </p>
                  <p className="notice__message">{n.message}</p>
                  <p className="notice__meta">
                    <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, zone)}</time>
                    {n.platform && n.platform in PLATFORM_LABELS ? ` · ${PLATFORM_LABELS[n.platform as Platform]}` : ''}
                    {to ? (
                      <>
                        {' · '}
                        <Link
                          to={to}
                          onClick={() => {
                            details.current?.removeAttribute('open');
                            if (!n.read && mayMark) markRead.mutate([n.id]);
                          }}
                        >
                          Open the post
                        </Link>
                      </>
                    ) : null}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </details>
  );
}
