import { notificationsContracts } from '@shared/contracts/notifications';
import { defineRoute, ok } from '../../core/http/route';
import { listNotifications } from '../../core/notifications/notification-store';

export const listNotificationsRoute = defineRoute(notificationsContracts.list, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listNotifications(companyId)),
});
