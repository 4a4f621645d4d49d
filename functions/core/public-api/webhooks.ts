import {
  MAX_WEBHOOKS,
  publicApiMessages,
  WEBHOOK_NEEDS,
  type Maker,
  type MakerStatus,
  type Webhook,
  type WebhookEvent,
} from '@shared/schemas/public-api';
import { ulid } from 'ulid';
import { invalid, notFound } from '../errors';
import { tokenCrypto } from '../integrations/token-crypto';
import { checkTarget } from '../net';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { deliveries, webhooks, type WebhookItem } from '../webhooks/webhook-entity';
import { companyWebhooks } from '../webhooks/webhook-outbox';
import { withMaker, withMakers } from './makers';
import { newWebhookSecret } from './webhook-signature';

/** The sealed secret is bound to its company and webhook: copied into another item, it does not open. */
const sealContext = (companyId: number, webhookId: string) => ({
  companyId: String(companyId),
  purpose: 'webhook-secret',
  webhookId,
});

const toApi = (item: WebhookItem, createdBy: Maker, status: MakerStatus): Webhook => ({
  id: item.id,
  url: item.url,
  events: item.events,
  secretPrefix: item.secretPrefix,
  createdAt: item.createdAt,
  createdBy,
  status,
});

const described = (companyId: number, items: WebhookItem[]) => withMakers(companyId, items, () => WEBHOOK_NEEDS, toApi);

export async function listWebhooks(companyId: number): Promise<Webhook[]> {
  return described(companyId, await companyWebhooks(companyId));
}

export async function getWebhook(companyId: number, webhookId: string): Promise<WebhookItem> {
  const item = await webhooks.get(keys.webhook(companyId, webhookId));
  if (!item) throw notFound(publicApiMessages.webhookNotFound);
  return item;
}

/**
 * Adds a webhook. The address is checked as the safe fetcher will check it (scheme, no
 * credentials, no bad port, no private literal address); a name that resolves to a private
 * address is refused at each delivery, where the fetcher resolves and pins it. The answer
 * carries the signing secret, the one time it is shown.
 */
export async function createWebhook(
  companyId: number,
  userId: number,
  input: { url: string; events: WebhookEvent[] },
  now = new Date(),
): Promise<{ webhook: Webhook; secret: string }> {
  const url = checkTarget(input.url).href;
  if ((await companyWebhooks(companyId)).length >= MAX_WEBHOOKS) throw invalid(publicApiMessages.tooManyWebhooks);
  const id = ulid(now.getTime());
  const secret = newWebhookSecret();
  const item: WebhookItem = {
    companyId,
    id,
    url,
    events: [...new Set(input.events)],
    sealedSecret: await tokenCrypto().encrypt(secret, sealContext(companyId, id)),
    secretPrefix: secret.slice(0, 10),
    createdAt: now.toISOString(),
    createdBy: userId,
  };
  await webhooks.put(item, { ifAbsent: true });
  return { webhook: await withMaker(companyId, item, WEBHOOK_NEEDS, toApi), secret };
}

/**
 * Makes `userId` the webhook's maker: a webhook stopped by its maker's leaving or demotion
 * delivers new events again (the ones it did not send can be redelivered from its log).
 */
export async function handOverWebhook(companyId: number, webhookId: string, userId: number): Promise<Webhook> {
  await getWebhook(companyId, webhookId);
  // ifExists: a webhook deleted meanwhile stays deleted.
  const handed = await webhooks.patch(keys.webhook(companyId, webhookId), {
    set: { createdBy: userId },
    ifExists: true,
  });
  if (!handed) throw notFound(publicApiMessages.webhookNotFound);
  return withMaker(companyId, handed, WEBHOOK_NEEDS, toApi);
}

export const openWebhookSecret = (item: WebhookItem) =>
  tokenCrypto().decrypt(item.sealedSecret, sealContext(item.companyId, item.id));

/** Deletes the webhook and its deliveries; a delivery's run in flight then finds no webhook and stops. */
export async function deleteWebhook(companyId: number, webhookId: string): Promise<void> {
  await getWebhook(companyId, webhookId);
  await webhooks.delete(keys.webhook(companyId, webhookId));
  const sent = await deliveries.query({
    pk: partition.company(companyId),
    sk: { beginsWith: `${companyItemPrefix.webhookDelivery}${webhookId}#` },
  });
  for (const d of sent) await deliveries.delete(keys.webhookDelivery(companyId, webhookId, d.id));
}
