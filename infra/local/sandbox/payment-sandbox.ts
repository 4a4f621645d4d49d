import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { onClockAdvanced } from '../../../functions/core/clock';
import { stripeError } from './kit/errors';
import { listenAgain } from './kit/listen';
import { callOf } from './kit/router';
import { endDuePeriods } from './payment/billing';
import { paymentRoutes } from './payment/routes';
import { emptyState, type PaymentContext } from './payment/state';
import { webhookSender } from './payment/webhooks';
import { sandboxStore } from './sandbox-store';

/**
 * The embedded runtime's payment provider: a loopback server with a small JSON API (checkout
 * sessions, subscriptions, portal sessions) that answers with Stripe's object shapes and sends
 * Stripe-format events, signed with Stripe's `Stripe-Signature` scheme, to the app's webhook.
 * Its checkout page is the app's own /payment-simulation, which pays through
 * `POST /v1/checkout/sessions/{id}/pay`. Nothing is charged. State is kept in a JSON file so
 * subscriptions survive a restart of `npm start`, and the last port is reused when free, so
 * invoice and portal links keep working. Its modules are under payment/: routes.ts (the API and
 * pages), billing.ts (paying, renewing, cancelling), objects.ts (Stripe's shapes), webhooks.ts.
 *
 * Periods end by themselves: the sandbox's time is the embedded runtime's clock, so moving the
 * dev clock (POST /api/dev/clock) past a period end renews the subscription, ends a cancelled
 * one or begins a scheduled downgrade, as Stripe does when a test clock advances; a minute's
 * timer does the same on real time. Test hook: `POST /__sandbox/subscriptions/{id}/end-period`
 * ends one subscription's current period now.
 */
export { signPayload } from './payment/webhooks';

export interface PaymentSandboxOptions {
  /** Where the app listens: the checkout address and the webhook are on it. */
  appUrl: string;
  /** Origins the provider may send the browser back to. */
  allowedReturnOrigins: string[];
  /** The JSON file that keeps the sandbox's state; in memory only without it. */
  stateFile?: string;
  webhookSecret?: string;
  port?: number;
}

export interface PaymentSandbox {
  origin: string;
  webhookSecret: string;
  stop(): Promise<void>;
}

const PERIOD_CHECK_MS = 60_000;

export async function startPaymentSandbox(options: PaymentSandboxOptions): Promise<PaymentSandbox> {
  const store = sandboxStore(options.stateFile, emptyState);
  const state = store.load();
  const webhookSecret = options.webhookSecret ?? `whsec_sim_${randomBytes(24).toString('hex')}`;
  const webhooks = webhookSender(`${options.appUrl.replace(/\/$/, '')}/api/billing/webhook`, webhookSecret);
  let origin = '';
  const ctx: PaymentContext = {
    state,
    appUrl: options.appUrl,
    origin: () => origin,
    save: () => store.save(state),
    returnAllowed: (url) => options.allowedReturnOrigins.some((o) => url === o || url.startsWith(`${o}/`)),
    emit: webhooks.emit,
  };
  const route = paymentRoutes(ctx);
  const server: Server = createServer((req, res) => {
    route(callOf(req, res)).catch((error: unknown) => {
      if (!res.headersSent) stripeError(res, 400, `Invalid request: ${(error as Error).message}`);
    });
  });
  const port = await listenAgain(server, options.port ?? state.port ?? 0);
  origin = `http://127.0.0.1:${port}`;
  state.port = port;
  ctx.save();
  // Not at once: periods that ended while the runtime was stopped end on the first tick, when the app's webhook listens.
  const unsubscribeClock = onClockAdvanced(() => endDuePeriods(ctx));
  const timer = setInterval(() => endDuePeriods(ctx), PERIOD_CHECK_MS);
  timer.unref();

  return {
    origin,
    webhookSecret,
    stop: async () => {
      unsubscribeClock();
      clearInterval(timer);
      await webhooks.stop();
      await new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
    },
  };
}
