import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { createPostSchema, postIdParams, postListSchema, postSchema, updatePostSchema } from '../schemas/calendar';
import { rangeQuerySchema } from '../schemas/calendar-views';
import { mediaFileSchema, mediaSearchQuerySchema } from '../schemas/media';
import { postSuccessSchema } from '../schemas/post-success';
import {
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookSchema,
  deliveryIdParams,
  keyIdParams,
  publicAuditSchema,
  webhookDeliverySchema,
  webhookIdParams,
  webhookSchema,
} from '../schemas/public-api';
import { reportsQuerySchema, reportsSchema } from '../schemas/reports';

/** Where the versioned API lives; a breaking change is a v2 beside it, never an edit here. */
export const PUBLIC_API_BASE = '/api/public/v1';

/**
 * The public API (called with an API key, `Authorization: Bearer <key>`): the calendar's own
 * request and answer schemas, so a post made here is the post the app makes, under the same
 * platform rules and paid-plan gate.
 */
export const publicApiContracts = {
  listPosts: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/posts`,
    summary: 'The posts on local days from..to (both included) in the IANA zone, by date',
    query: rangeQuerySchema,
    responses: { 200: postListSchema },
  }),
  getPost: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/posts/{id}`,
    summary: 'One post',
    params: postIdParams,
    responses: { 200: postSchema },
  }),
  createPosts: defineContract({
    method: 'POST',
    path: `${PUBLIC_API_BASE}/posts`,
    summary:
      'Create one post per platform (siblings of one group); action save (draft), schedule or publish (paid plan, else 402)',
    body: createPostSchema,
    responses: { 201: postListSchema },
  }),
  updatePost: defineContract({
    method: 'PATCH',
    path: `${PUBLIC_API_BASE}/posts/{id}`,
    summary: 'Edit one post as the calendar does: a stale version is a 409, published posts are locked',
    params: postIdParams,
    body: updatePostSchema,
    responses: { 200: postSchema },
  }),
  deletePost: defineContract({
    method: 'DELETE',
    path: `${PUBLIC_API_BASE}/posts/{id}`,
    summary: 'Delete one post (not while it is being published)',
    params: postIdParams,
    responses: { 204: null },
  }),
  listMedia: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/media`,
    summary: "The company's media library, newest first; query searches filename and description",
    query: mediaSearchQuerySchema,
    responses: { 200: z.array(mediaFileSchema) },
  }),
  reports: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports`,
    summary: "The company's audience figures per platform and day",
    query: reportsQuerySchema,
    responses: { 200: reportsSchema },
  }),
  postSuccess: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports/post-success`,
    summary: 'Published and failed posts per local day and platform',
    query: rangeQuerySchema,
    responses: { 200: postSuccessSchema },
  }),
  audit: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/audit`,
    summary: "The company's latest finished site audit: Health Score, pages and issue counts per check",
    responses: { 200: publicAuditSchema },
  }),
  openapi: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/openapi.json`,
    summary: 'The OpenAPI 3.1 document of the public API, generated from these contracts',
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
};

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
