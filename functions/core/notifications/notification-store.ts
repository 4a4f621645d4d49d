import type { Notification, NotificationList } from '@shared/schemas/notifications';
import { ulid } from 'ulid';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { notifications, type NotificationItem } from './notification-entity';

/** The top bar shows the latest notices; older ones stay until their TTL. */
const NOTIFICATION_LIST_LIMIT = 30;
const KEEP_SECONDS = 90 * 24 * 3600;

export async function addNotification(
  input: Pick<NotificationItem, 'companyId' | 'kind' | 'title' | 'message' | 'postId' | 'platform'>,
  now = new Date(),
): Promise<NotificationItem> {
  const item: NotificationItem = {
    ...input,
    id: ulid(now.getTime()),
    createdAt: now.toISOString(),
    readAt: null,
    ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
  await notifications.put(item);
  return item;
}

const toApi = (item: NotificationItem): Notification => ({
  id: item.id,
  kind: item.kind,
  title: item.title,
  message: item.message,
  postId: item.postId,
  platform: item.platform,
  createdAt: item.createdAt,
  read: item.readAt !== null,
});

/** The latest notices, newest first (one Query, descending), and how many of them are unread. */
export async function listNotifications(companyId: number): Promise<NotificationList> {
  const items = await notifications.query({
    pk: partition.company(companyId),
    sk: { beginsWith: companyItemPrefix.notification },
    descending: true,
    limit: NOTIFICATION_LIST_LIMIT,
  });
  return { notifications: items.map(toApi), unread: items.filter((n) => n.readAt === null).length };
}

/**
 * Marks the company's notices read: the ids given (another company's ids, or unknown ones,
 * are simply not there: the update's condition is that the item exists in this partition), or
 * all of the latest. Answers the list as it is now.
 */
export async function markRead(
  companyId: number,
  ids?: readonly string[],
  now = new Date(),
): Promise<NotificationList> {
  const targets = ids ?? (await listNotifications(companyId)).notifications.filter((n) => !n.read).map((n) => n.id);
  for (const id of new Set(targets)) {
    await notifications.change(keys.notification(companyId, id), {
      set: { readAt: now.toISOString() },
      ifExists: true,
      when: { expression: 'readAt = :unread', values: { ':unread': null } },
    });
  }
  return listNotifications(companyId);
}
