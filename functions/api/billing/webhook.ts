import { billingContracts } from '@shared/contracts/billing';
import { header } from '../../core/http/event';
import { defineRoute, ok } from '../../core/http/route';
import { receiveWebhook } from '../../core/billing/webhook';

/**
 * Public, and trusted only through its signature, which covers the exact bytes sent: the raw
 * body is read from the event (base64 when API Gateway or the local server flagged it so), not
 * from the parsed JSON.
 */
export const webhook = defineRoute(billingContracts.webhook, {
  access: 'public',
  handle: async ({ event }) => {
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : (event.body ?? '');
    await receiveWebhook(raw, header(event, 'stripe-signature'));
    return ok({ received: true as const });
  },
});
