import { notificationsContracts } from '@shared/contracts/notifications';
import { defineRoute, ok } from '../../core/http/route';
import * as notificationStore from '../../core/notifications/notification-store';

/** Only the selected company's notices can be marked: the key is built from its id, never from the body. */
export const markRead = defineRoute(notificationsContracts.markRead, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await notificationStore.markRead(companyId, body.ids)),
});
