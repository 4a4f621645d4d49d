import { createHmac, randomBytes } from 'node:crypto';

/**
 * Deliveries are signed as the Standard Webhooks specification says, so a receiver can verify
 * them with its libraries (npm `standardwebhooks` and its kin) instead of code of its own:
 *
 * - `webhook-id`: the event id, the same on every attempt and redelivery (the receiver's
 *   idempotency key);
 * - `webhook-timestamp`: Unix seconds of this attempt (receivers refuse one over 5 minutes off,
 *   so a captured delivery cannot be replayed later);
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 over "<id>.<timestamp>.<body>">`, the key
 *   being the bytes the secret encodes.
 *
 * The secret is `whsec_` and the standard base64 of 32 random bytes. Secrets made before this
 * scheme are `whsec_` and the URL-safe base64 of 32 random bytes: the same kind of key in the
 * other alphabet, so they are read the same way (Node's base64 decoder takes both alphabets) and
 * no webhook needs a new secret. docs/features/public-api.md tells receivers how to write an old
 * secret in the standard alphabet that the libraries expect.
 */
const SECRET_PREFIX = 'whsec_';
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

const KEY_BYTES = 32;

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(KEY_BYTES).toString('base64')}`;

/** The HMAC key a secret stands for: its decoded bytes, never the text itself. */
export function webhookKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_.');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  // Every secret ever made encodes 32 bytes: anything else is a damaged secret, not a key to sign with.
  if (key.length !== KEY_BYTES) throw new Error('A webhook secret encodes 32 bytes.');
  return key;
}

/** The three headers of one signed attempt. */
export function signedHeaders(
  secret: string,
  id: string,
  body: string,
  timestampSeconds: number,
): Record<(typeof WEBHOOK_HEADERS)[keyof typeof WEBHOOK_HEADERS], string> {
  const signature = createHmac('sha256', webhookKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestampSeconds),
    [WEBHOOK_HEADERS.signature]: `v1,${signature}`,
  };
}
