import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { deliveries, webhooks } from '../webhooks/webhook-entity';

const EXAMPLE_ID = '01J00000000000000000000000';

/**
 * A company's webhooks and their deliveries go with the company and with a demo reset. The
 * examples are written whole: no secret to seal, and a delivery that is already over, so no
 * sweeper sends it anywhere.
 */
export const webhookData = [
  partitionData({
    name: 'webhooks',
    skPrefix: companyItemPrefix.webhook,
    example: async (companyId) => {
      await webhooks.put({
        companyId,
        id: EXAMPLE_ID,
        url: 'https://webhook.invalid/hooks',
        events: ['post.published'],
        sealedSecret: 'example',
        secretPrefix: 'whsec_exam',
        createdAt: new Date().toISOString(),
      });
    },
  }),
  partitionData({
    name: 'webhook deliveries',
    skPrefix: companyItemPrefix.webhookDelivery,
    example: async (companyId) => {
      const now = new Date();
      await deliveries.put({
        companyId,
        webhookId: EXAMPLE_ID,
        id: EXAMPLE_ID,
        eventId: 'evt_example',
        event: 'webhook.test',
        payload: '{}',
        status: 'failed',
        attempts: [],
        nextAttemptAt: null,
        createdAt: now.toISOString(),
        version: 1,
        ttl: Math.floor(now.getTime() / 1000) + 3600,
      });
    },
  }),
];
