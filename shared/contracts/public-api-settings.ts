import { z } from 'zod/mini';
import { defineContract } from '../contract';
import {
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookSchema,
  deliveryIdParams,
  keyIdParams,
  webhookDeliverySchema,
  webhookIdParams,
  webhookSchema,
} from '../schemas/public-api';

/*
 * A module apart from the public API's own contracts, so the settings tab loads these without
 * the calendar's, media's and reports' schemas (a module loads whole).
 */
/** The settings tab's calls: the selected company's API keys and webhooks (session and company cookie). */
export const publicApiSettingsContracts = {
  listKeys: defineContract({
    method: 'GET',
    path: '/api/public/keys',
    summary: "The selected company's API keys (never the keys themselves)",
    responses: { 200: z.array(apiKeySchema) },
  }),
  createKey: defineContract({
    method: 'POST',
    path: '/api/public/keys',
    summary: 'Make an API key, read or write; the answer is the only time the key is shown',
    body: createApiKeySchema,
    responses: { 201: createdApiKeySchema },
  }),
  revokeKey: defineContract({
    method: 'DELETE',
    path: '/api/public/keys/{keyId}',
    summary: 'Revoke an API key: it is refused from the next request',
    params: keyIdParams,
    responses: { 204: null },
  }),
  listWebhooks: defineContract({
    method: 'GET',
    path: '/api/public/webhooks',
    summary: "The selected company's webhooks",
    responses: { 200: z.array(webhookSchema) },
  }),
  createWebhook: defineContract({
    method: 'POST',
    path: '/api/public/webhooks',
    summary:
      'Add a webhook (address checked by the safe fetcher); the answer is the only time its signing secret is shown',
    body: createWebhookSchema,
    responses: { 201: createdWebhookSchema },
  }),
  deleteWebhook: defineContract({
    method: 'DELETE',
    path: '/api/public/webhooks/{webhookId}',
    summary: 'Delete a webhook; deliveries not yet made are dropped',
    params: webhookIdParams,
    responses: { 204: null },
  }),
  testWebhook: defineContract({
    method: 'POST',
    path: '/api/public/webhooks/{webhookId}/test',
    summary: 'Send a signed webhook.test event to the webhook now',
    params: webhookIdParams,
    responses: { 202: webhookDeliverySchema },
  }),
  deliveries: defineContract({
    method: 'GET',
    path: '/api/public/webhooks/{webhookId}/deliveries',
    summary: "A webhook's latest deliveries, newest first, with every attempt",
    params: webhookIdParams,
    responses: { 200: z.array(webhookDeliverySchema) },
  }),
  redeliver: defineContract({
    method: 'POST',
    path: '/api/public/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    summary: 'Send a delivered or failed event again, as a new delivery with the same event id',
    params: deliveryIdParams,
    responses: { 202: webhookDeliverySchema },
  }),
};
