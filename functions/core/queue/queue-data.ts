import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { queueSettingsItems, queueSlotClaims } from './queue-entities';

/** A company's queue settings and slot claims go with the company and a demo reset. */
export const queueData = partitionData({
  name: 'queue settings and slot claims',
  skPrefix: companyItemPrefix.queue,
  example: async (companyId) => {
    await queueSettingsItems.put({
      companyId,
      timeZone: 'UTC',
      slots: {
        facebook: [[], [], [], [], [], [], []],
        instagram: [[], [], [], [], [], [], []],
        threads: [[], [], [], [], [], [], []],
        linkedin: [[], [], [], [], [], [], []],
        wordpress: [[], [], [], [], [], [], []],
      },
      updatedAt: new Date().toISOString(),
      version: 1,
    });
    await queueSlotClaims.put({
      companyId,
      platform: 'facebook',
      at: new Date(Date.now() + 86_400_000).toISOString(),
      postId: 1,
      ttl: Math.floor(Date.now() / 1000) + 86_400,
    });
  },
});
