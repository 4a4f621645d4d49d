import { createKeyRoute } from './create-key';
import { createWebhookRoute } from './create-webhook';
import { deleteWebhookRoute } from './delete-webhook';
import { handOverKeyRoute } from './hand-over-key';
import { handOverWebhookRoute } from './hand-over-webhook';
import { listDeliveriesRoute } from './list-deliveries';
import { listKeysRoute } from './list-keys';
import { listWebhooksRoute } from './list-webhooks';
import { openApiRoute } from './openapi-document';
import { redeliverRoute } from './redeliver';
import { revokeKeyRoute } from './revoke-key';
import { testWebhookRoute } from './test-webhook';
import { v1Routes } from './v1-routes';

export const routes = [
  ...v1Routes.map((r) => r.route),
  openApiRoute,
  listKeysRoute,
  createKeyRoute,
  revokeKeyRoute,
  handOverKeyRoute,
  listWebhooksRoute,
  createWebhookRoute,
  deleteWebhookRoute,
  handOverWebhookRoute,
  testWebhookRoute,
  listDeliveriesRoute,
  redeliverRoute,
];
