import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { addNotification } from './notification-store';

/** A company's notices go with the company and with a demo reset. */
export const notificationData = partitionData({
  name: 'notifications',
  skPrefix: companyItemPrefix.notification,
  example: async (companyId) => {
    await addNotification({
      companyId,
      kind: 'publish-failed',
      title: 'A post could not be published',
      message: 'An example notice for the company cascade.',
      postId: null,
      platform: null,
    });
  },
});
