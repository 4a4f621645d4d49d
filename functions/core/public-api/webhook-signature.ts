import { createHmac, randomBytes } from 'node:crypto';

/**
 * How a receiver knows a delivery is ours and fresh: `Webhook-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 with the endpoint's secret over `<t>.<body>`. The receiver recomputes
 * it over the raw body and refuses a t outside its window (5 minutes is the documented one), so a
 * captured delivery cannot be replayed later. docs/features/public-api.md has a receiver.
 */
export const SIGNATURE_HEADER = 'webhook-signature';
export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
