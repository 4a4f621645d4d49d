import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { createWebhook } from './webhooks';
import { emitWebhookEvent } from './webhook-deliveries';

/** A company's webhooks and their deliveries go with the company and with a demo reset. */
export const webhookData = [
  partitionData({
    name: 'webhooks',
    skPrefix: companyItemPrefix.webhook,
    example: async (companyId) => {
      await createWebhook(companyId, { url: 'https://webhook.invalid/hooks', events: ['post.published'] });
    },
  }),
  partitionData({
    name: 'webhook deliveries',
    skPrefix: companyItemPrefix.webhookDelivery,
    example: async (companyId) => {
      await createWebhook(companyId, { url: 'https://webhook.invalid/audits', events: ['audit.finished'] });
      await emitWebhookEvent(companyId, 'audit.finished', { audit: null });
    },
  }),
];
