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
    permission: 'developer',
    summary: "The selected company's API keys (never the keys themselves), each with its maker and whether it works",
    responses: { 200: z.array(apiKeySchema) },
  }),
  createKey: defineContract({
    method: 'POST',
    path: '/api/public/keys',
    permission: 'developer',
    summary: 'Make an API key, read or write; the answer is the only time the key is shown',
    body: createApiKeySchema,
    responses: { 201: createdApiKeySchema },
  }),
  revokeKey: defineContract({
    method: 'DELETE',
    path: '/api/public/keys/{keyId}',
    permission: 'developer',
    summary: 'Revoke an API key: it is refused from the next request',
    params: keyIdParams,
    responses: { 204: null },
  }),
  handOverKey: defineContract({
    method: 'POST',
    path: '/api/public/keys/{keyId}/owner',
    permission: 'developer',
    summary: 'Hand an API key over to the caller: it acts as them from its next request (a stopped key works again)',
    params: keyIdParams,
    responses: { 200: apiKeySchema },
  }),
  listWebhooks: defineContract({
    method: 'GET',
    path: '/api/public/webhooks',
    permission: 'developer',
    summary: "The selected company's webhooks, each with its maker and whether it delivers",
    responses: { 200: z.array(webhookSchema) },
  }),
  createWebhook: defineContract({
    method: 'POST',
    path: '/api/public/webhooks',
    permission: 'developer',
    summary:
      'Add a webhook (address checked by the safe fetcher); the answer is the only time its signing secret is shown',
    body: createWebhookSchema,
    responses: { 201: createdWebhookSchema },
  }),
  deleteWebhook: defineContract({
    method: 'DELETE',
    path: '/api/public/webhooks/{webhookId}',
    permission: 'developer',
    summary: 'Delete a webhook; deliveries not yet made are dropped',
    params: webhookIdParams,
    responses: { 204: null },
  }),
  handOverWebhook: defineContract({
    method: 'POST',
    path: '/api/public/webhooks/{webhookId}/owner',
    permission: 'developer',
    summary: 'Hand a webhook over to the caller: a stopped webhook delivers new events again',
    params: webhookIdParams,
    responses: { 200: webhookSchema },
  }),
  testWebhook: defineContract({
    method: 'POST',
    path: '/api/public/webhooks/{webhookId}/test',
    permission: 'developer',
    summary:
      'Send a signed webhook.test event to the webhook now (10 a minute per webhook, 30 per company, with redeliveries)',
    params: webhookIdParams,
    responses: { 202: webhookDeliverySchema },
  }),
  deliveries: defineContract({
    method: 'GET',
    path: '/api/public/webhooks/{webhookId}/deliveries',
    permission: 'developer',
    summary: "A webhook's latest deliveries, newest first, with every attempt",
    params: webhookIdParams,
    responses: { 200: z.array(webhookDeliverySchema) },
  }),
  redeliver: defineContract({
    method: 'POST',
    path: '/api/public/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    permission: 'developer',
    summary:
      'Send a delivered or failed event again, as a new delivery with the same event id (409 while it is pending)',
    params: deliveryIdParams,
    responses: { 202: webhookDeliverySchema },
  }),
};
