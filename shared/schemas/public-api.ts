import { z } from 'zod/mini';
import type { Permission } from '../permissions';

/**
 * The public API's keys and outgoing webhooks, as the settings tab manages them. A key or a
 * signing secret is shown once, in the answer that made it; every later answer shows only its
 * first characters, since only hashes (keys) or sealed copies (secrets) are stored.
 */
export const publicApiMessages = {
  keyNameRequired: 'Give the key a name.',
  keyNotFound: 'API key not found',
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'Enter an address starting with https:// (or http://).',
  eventsRequired: 'Choose at least one event.',
  tooManyKeys: 'A company can have at most 20 API keys. Revoke one you no longer use first.',
  tooManyWebhooks: 'A company can have at most 10 webhooks. Delete one you no longer use first.',
  missingKey: 'Send an API key in the Authorization header: Bearer <key>.',
  badKey: 'This API key is not valid, or it was revoked.',
  readOnlyKey: 'This API key may only read. Make a key with write access to change posts.',
  rateLimited: 'Too many requests with this API key. Wait a moment and try again.',
  makerGone:
    'This API key stopped working: the member who made it left the company or no longer has the role it needs. An admin can hand it over in Settings, API.',
  webhookStopped:
    'This webhook is stopped: the member who made it left the company or no longer has the role it needs. Hand it over to yourself first.',
  /** The error of a delivery a stopped webhook did not send (it can be redelivered once handed over). */
  webhookNotSent:
    'Not sent: the member who made this webhook left the company or no longer has the role it needs. Hand it over, then redeliver.',
  redeliverPending:
    'This delivery is still on its way. Redeliver it once it has been delivered or has failed for good.',
  tooManySends: 'At most 10 test deliveries and redeliveries a minute to one webhook. Wait a moment and try again.',
  tooManyCompanySends:
    "At most 30 test deliveries and redeliveries a minute across this company's webhooks. Wait a moment and try again.",
} as const;

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What an outgoing webhook can be told; `webhook.test` is the settings tab's Send test. */
export const WEBHOOK_EVENTS = ['post.published', 'post.failed', 'audit.finished', 'import.finished'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_TYPES = [...WEBHOOK_EVENTS, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * What the maker of a key must still be allowed (shared/permissions.ts) for the key to work: a key
 * acts as its maker, so a write key stops when its maker can no longer change content.
 */
export const API_KEY_NEEDS = { read: 'view', write: 'content' } as const satisfies Record<ApiKeyScope, Permission>;

/** A webhook tells its receiver what the company holds, so it stops when its maker may no longer see it. */
export const WEBHOOK_NEEDS: Permission = 'view';

/**
 * Whether a key or webhook still acts, from its maker's membership now: `maker-left` once they
 * are no longer a member (or their account is gone), `maker-role` once their role lacks what it
 * needs. A stopped one works again when an admin hands it over to themselves.
 */
const MAKER_STATUSES = ['active', 'maker-left', 'maker-role'] as const;
export type MakerStatus = (typeof MAKER_STATUSES)[number];

/** Who made a key or webhook; null when that account no longer exists or was never recorded. */
const makerSchema = z.nullable(z.object({ id: z.number(), name: z.string() }));
export type Maker = z.output<typeof makerSchema>;

export const MAX_API_KEYS = 20;
export const MAX_WEBHOOKS = 10;

const name = z.string().check(z.trim(), z.minLength(1, publicApiMessages.keyNameRequired), z.maxLength(80));

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(API_KEY_SCOPES),
    /** The key's first characters, so a person can tell their keys apart. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.nullable(z.string()),
    createdBy: makerSchema,
    status: z.enum(MAKER_STATUSES),
  })
  .check(z.meta({ title: 'ApiKey' }));
export type ApiKey = z.output<typeof apiKeySchema>;

export const createApiKeySchema = z.object({ name, scope: z.enum(API_KEY_SCOPES) });
/** The one answer that carries the whole key. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });

const webhookUrl = z.string().check(
  z.trim(),
  z.maxLength(2000, publicApiMessages.urlInvalid),
  z.refine((value: string) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), publicApiMessages.urlInvalid),
);

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** The signing secret's first characters. */
    secretPrefix: z.string(),
    createdAt: z.string(),
    createdBy: makerSchema,
    status: z.enum(MAKER_STATUSES),
  })
  .check(z.meta({ title: 'Webhook' }));
export type Webhook = z.output<typeof webhookSchema>;

export const createWebhookSchema = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: publicApiMessages.eventsRequired })
    .check(z.minLength(1, publicApiMessages.eventsRequired), z.maxLength(WEBHOOK_EVENTS.length)),
});
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

const deliveryAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status, or null when there was no answer (refused, timed out). */
  status: z.nullable(z.number()),
  error: z.nullable(z.string()),
  ms: z.number(),
});

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    eventId: z.string(),
    event: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.array(deliveryAttemptSchema),
    /** When the next attempt is due while pending; null once delivered or given up. */
    nextAttemptAt: z.nullable(z.string()),
    createdAt: z.string(),
    /** The body sent (and signed), as sent. */
    payload: z.string(),
  })
  .check(z.meta({ title: 'WebhookDelivery' }));
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/** Ids in paths: ULIDs. */
const ulidParam = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not found'));
export const keyIdParams = z.object({ keyId: ulidParam });
export const webhookIdParams = z.object({ webhookId: ulidParam });
export const deliveryIdParams = z.object({ webhookId: ulidParam, deliveryId: ulidParam });

/** The audit the public API reads: the latest finished one, without the report page's lists. */
export const publicAuditSchema = z
  .object({
    website: z.string(),
    audit: z.nullable(
      z.object({
        id: z.string(),
        status: z.string(),
        startedAt: z.string(),
        finishedAt: z.nullable(z.string()),
        healthScore: z.nullable(z.number()),
        pages: z.nullable(z.number()),
        issues: z.array(z.object({ check: z.string(), count: z.number() })),
      }),
    ),
  })
  .check(z.meta({ title: 'PublicAudit' }));
export type PublicAudit = z.output<typeof publicAuditSchema>;
