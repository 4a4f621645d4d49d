import { createKey } from './create-key';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { handOverKey } from './hand-over-key';
import { handOverWebhook } from './hand-over-webhook';
import { listDeliveries } from './list-deliveries';
import { listKeys } from './list-keys';
import { listWebhooks } from './list-webhooks';
import { openapiDocument } from './openapi-document';
import { redeliver } from './redeliver';
import { revokeKey } from './revoke-key';
import { testWebhook } from './test-webhook';
import { v1Routes } from './v1-routes';

export const routes = [
  ...v1Routes.map((r) => r.route),
  openapiDocument,
  listKeys,
  createKey,
  revokeKey,
  handOverKey,
  listWebhooks,
  createWebhook,
  deleteWebhook,
  handOverWebhook,
  testWebhook,
  listDeliveries,
  redeliver,
];
