import { notificationsContracts } from '@shared/contracts/notifications';
import type { NotificationList } from '@shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** Under the company's keys: switching companies drops another company's notices. */
const notificationsKey = notificationKeys.all;

/** GET /api/notifications, asked again every 30 s and when the window regains focus. */
export const useNotifications = () =>
  useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => call(notificationsContracts.list, { signal }),
    refetchInterval: 30_000,
  });

/** POST /api/notifications/read: the ids given, or all; the answer is the new list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => call(notificationsContracts.markRead, { body: ids ? { ids } : {} }),
    onSuccess: (list: NotificationList) => queryClient.setQueryData(notificationsKey, list),
  });
}
