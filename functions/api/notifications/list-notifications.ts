import { notificationsContracts } from '@shared/contracts/notifications';
import { defineRoute, ok } from '../../core/http/route';
import * as notificationStore from '../../core/notifications/notification-store';

export const listNotifications = defineRoute(notificationsContracts.list, {
  access: 'company',
  handle: async ({ companyId }) => ok(await notificationStore.listNotifications(companyId)),
});
