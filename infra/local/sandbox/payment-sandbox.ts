import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxStore } from './sandbox-store';

/**
 * The embedded runtime's payment provider: a loopback server with a small JSON API (checkout
 * sessions, subscriptions, portal sessions) that answers with Stripe's object shapes and sends
 * Stripe-format events, signed with Stripe's `Stripe-Signature` scheme, to the app's webhook.
 * Its checkout page is the app's own /payment-simulation, which pays through
 * `POST /v1/checkout/sessions/{id}/pay`. Nothing is charged. State is kept in a JSON file so
 * subscriptions survive a restart of `npm start`, and the last port is reused when free, so
 * invoice and portal links keep working.
 *
 * Test hook: `POST /__sandbox/subscriptions/{id}/end-period` ends the current period now (a
 * renewal with a new invoice, or the end of a cancelled subscription).
 */
type StripeInterval = 'day' | 'week' | 'month' | 'year';

interface SandboxSession {
  id: string;
  clientReferenceId: string;
  customer: string | null;
  subscription: string | null;
  plan: { slug: string; name: string };
  amount: number;
  interval: StripeInterval;
  trialDays: number;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
  created: number;
}

interface SandboxSubscription {
  id: string;
  customer: string;
  status: 'trialing' | 'active' | 'canceled';
  plan: { slug: string; name: string };
  amount: number;
  interval: StripeInterval;
  metadata: Record<string, string>;
  created: number;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoice: string | null;
}

interface SandboxInvoice {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  amount: number;
  description: string;
  created: number;
  periodStart: number;
  periodEnd: number;
}

interface SandboxState {
  port?: number;
  invoiceSequence: number;
  sessions: Record<string, SandboxSession>;
  subscriptions: Record<string, SandboxSubscription>;
  invoices: Record<string, SandboxInvoice>;
  customers: Record<string, { id: string; created: number }>;
  portals: Record<string, { id: string; customer: string; returnUrl: string }>;
}

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

const DAY = 24 * 3600;
const PERIOD_SECONDS: Record<StripeInterval, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const newId = (prefix: string) =>
  `${prefix}_sim_${Array.from(randomBytes(24), (b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function emptyState(): SandboxState {
  return { invoiceSequence: 0, sessions: {}, subscriptions: {}, invoices: {}, customers: {}, portals: {} };
}

/** A form-style parameter as text: Stripe takes ids and URLs as strings, numbers as their digits. */
const param = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

// The answers below return the response, as `res.end()` does, so a route can `return fail(...)`.

/** Stripe's error body: `{ error: { type, message } }`. */
function fail(res: ServerResponse, status: number, message: string, type = 'invalid_request_error') {
  return json(res, status, { error: { type, message } });
}

function json(res: ServerResponse, status: number, body: unknown) {
  return res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function page(res: ServerResponse, title: string, body: string) {
  return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2933;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:32px;width:min(520px,92vw);box-shadow:0 2px 12px #0002}
h1{font-size:22px;margin:0 0 4px}p{color:#52606d}table{width:100%;border-collapse:collapse;margin:16px 0}
td,th{text-align:left;padding:8px 0;border-bottom:1px solid #e4e7eb}td:last-child,th:last-child{text-align:right}
.note{font-size:13px;background:#fff8e1;border-radius:8px;padding:8px 12px}a{color:#3454d1}</style></head>
<body><main>${body}</main></body></html>`);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** Stripe's signature: HMAC-SHA256 of `timestamp.payload` with the endpoint's secret. */
export function signPayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export async function startPaymentSandbox(options: PaymentSandboxOptions): Promise<PaymentSandbox> {
  const store = sandboxStore(options.stateFile, emptyState);
  const state = store.load();
  const webhookSecret = options.webhookSecret ?? `whsec_sim_${randomBytes(24).toString('hex')}`;
  const webhookUrl = `${options.appUrl.replace(/\/$/, '')}/api/billing/webhook`;
  let origin = '';
  let stopped = false;
  const deliveries = new Set<Promise<void>>();

  const save = () => store.save(state);
  const returnAllowed = (url: string) => options.allowedReturnOrigins.some((o) => url === o || url.startsWith(`${o}/`));

  const invoiceObject = (invoice: SandboxInvoice) => ({
    id: invoice.id,
    object: 'invoice',
    number: invoice.number,
    customer: invoice.customer,
    currency: 'usd',
    status: 'paid',
    amount_due: invoice.amount,
    amount_paid: invoice.amount,
    total: invoice.amount,
    created: invoice.created,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    status_transitions: { paid_at: invoice.created, finalized_at: invoice.created },
    hosted_invoice_url: `${origin}/invoices/${invoice.id}`,
    invoice_pdf: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: invoice.subscription, metadata: {} },
    },
    livemode: false,
  });

  const subscriptionObject = (sub: SandboxSubscription) => {
    const latest = sub.latestInvoice ? state.invoices[sub.latestInvoice] : undefined;
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      metadata: sub.metadata,
      currency: 'usd',
      created: sub.created,
      start_date: sub.created,
      trial_start: sub.trialEnd ? sub.created : null,
      trial_end: sub.trialEnd,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      canceled_at: sub.canceledAt,
      ended_at: sub.endedAt,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
            quantity: 1,
            price: {
              object: 'price',
              currency: 'usd',
              unit_amount: sub.amount,
              recurring: { interval: sub.interval, interval_count: 1 },
              product: `prod_sim_${sub.plan.slug}`,
            },
          },
        ],
      },
      latest_invoice: latest ? invoiceObject(latest) : null,
      livemode: false,
    };
  };

  const sessionObject = (session: SandboxSession) => ({
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: session.status,
    payment_status: session.status === 'complete' ? (session.trialDays > 0 ? 'no_payment_required' : 'paid') : 'unpaid',
    client_reference_id: session.clientReferenceId,
    customer: session.customer,
    subscription: session.subscription,
    metadata: session.metadata,
    amount_total: session.amount,
    currency: 'usd',
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.status === 'open' ? `${options.appUrl}/payment-simulation?session_id=${session.id}` : null,
    created: session.created,
    livemode: false,
  });

  const issueInvoice = (sub: SandboxSubscription, amount: number, description: string): SandboxInvoice => {
    state.invoiceSequence += 1;
    const invoice: SandboxInvoice = {
      id: newId('in'),
      number: `SIM-${String(state.invoiceSequence).padStart(4, '0')}`,
      customer: sub.customer,
      subscription: sub.id,
      amount,
      description,
      created: nowSeconds(),
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
    };
    state.invoices[invoice.id] = invoice;
    sub.latestInvoice = invoice.id;
    return invoice;
  };

  /** Delivers events in order, each retried with backoff like Stripe (here: 5 tries within a few seconds). */
  function emit(events: { type: string; object: unknown }[]) {
    const bodies = events.map(({ type, object }) =>
      JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: nowSeconds(),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      }),
    );
    const run = (async () => {
      for (const body of bodies) {
        for (let attempt = 0; attempt < 5 && !stopped; attempt++) {
          try {
            const response = await fetch(webhookUrl, {
              method: 'POST',
              headers: {
                'content-type': 'application/json; charset=utf-8',
                'stripe-signature': signPayload(body, webhookSecret),
              },
              body,
              signal: AbortSignal.timeout(10_000),
            });
            if (response.ok) break;
          } catch {
            // The app is restarting or busy: tried again below.
          }
          await new Promise((done) => setTimeout(done, 250 * 2 ** attempt));
        }
      }
    })();
    deliveries.add(run);
    void run.finally(() => deliveries.delete(run));
  }

  function pay(session: SandboxSession) {
    const now = nowSeconds();
    let customer = session.customer;
    if (!customer || !state.customers[customer]) {
      customer = newId('cus');
      state.customers[customer] = { id: customer, created: now };
    }
    const trialEnd = session.trialDays > 0 ? now + session.trialDays * DAY : null;
    const sub: SandboxSubscription = {
      id: newId('sub'),
      customer,
      status: trialEnd ? 'trialing' : 'active',
      plan: session.plan,
      amount: session.amount,
      interval: session.interval,
      metadata: session.metadata,
      created: now,
      trialEnd,
      periodStart: now,
      periodEnd: trialEnd ?? now + PERIOD_SECONDS[session.interval],
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      latestInvoice: null,
    };
    state.subscriptions[sub.id] = sub;
    // As Stripe does, a trial starts with a paid invoice of zero.
    const invoice = issueInvoice(
      sub,
      trialEnd ? 0 : sub.amount,
      trialEnd ? `Trial period for ${sub.plan.name}` : `${sub.plan.name} (1 ${sub.interval})`,
    );
    Object.assign(session, { status: 'complete', customer, subscription: sub.id });
    save();
    emit([
      { type: 'customer.subscription.created', object: subscriptionObject(sub) },
      { type: 'invoice.paid', object: invoiceObject(invoice) },
      { type: 'checkout.session.completed', object: sessionObject(session) },
    ]);
  }

  /** Ends the current period now: a cancelled subscription ends, any other renews with a new invoice. */
  function endPeriod(sub: SandboxSubscription) {
    const now = nowSeconds();
    if (sub.cancelAtPeriodEnd || sub.status === 'canceled') {
      Object.assign(sub, { status: 'canceled', periodEnd: now, endedAt: now, canceledAt: sub.canceledAt ?? now });
      save();
      emit([{ type: 'customer.subscription.deleted', object: subscriptionObject(sub) }]);
      return;
    }
    Object.assign(sub, {
      status: 'active',
      trialEnd: sub.trialEnd && sub.trialEnd > now ? now : sub.trialEnd,
      periodStart: now,
      periodEnd: now + PERIOD_SECONDS[sub.interval],
    });
    const invoice = issueInvoice(sub, sub.amount, `${sub.plan.name} (1 ${sub.interval})`);
    save();
    emit([
      { type: 'invoice.paid', object: invoiceObject(invoice) },
      { type: 'customer.subscription.updated', object: subscriptionObject(sub) },
    ]);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';

    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const body = await readJson(req);
      const plan = body.plan as { slug?: unknown; name?: unknown } | undefined;
      const interval = body.interval as StripeInterval;
      const amount = Number(body.amount);
      const successUrl = param(body.success_url);
      const cancelUrl = param(body.cancel_url);
      if (typeof plan?.slug !== 'string' || typeof plan.name !== 'string')
        return fail(res, 400, 'Missing required param: plan.');
      if (!(interval in PERIOD_SECONDS)) return fail(res, 400, `Invalid recurring interval: ${String(body.interval)}.`);
      if (!Number.isInteger(amount) || amount <= 0)
        return fail(res, 400, 'Invalid amount: must be a positive integer of cents.');
      if (!returnAllowed(successUrl) || !returnAllowed(cancelUrl))
        return fail(res, 400, 'Not a valid URL: success_url and cancel_url must be the app.');
      const customer = typeof body.customer === 'string' && state.customers[body.customer] ? body.customer : null;
      const session: SandboxSession = {
        id: newId('cs'),
        clientReferenceId: param(body.client_reference_id),
        customer,
        subscription: null,
        plan: { slug: plan.slug, name: plan.name },
        amount,
        interval,
        trialDays: Math.max(0, Math.floor(Number(body.trial_period_days) || 0)),
        metadata: Object.fromEntries(
          Object.entries((body.metadata as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [k, String(v)]),
        ),
        successUrl,
        cancelUrl,
        status: 'open',
        created: nowSeconds(),
      };
      state.sessions[session.id] = session;
      save();
      return json(res, 200, sessionObject(session));
    }

    if (
      method === 'POST' &&
      parts[0] === 'v1' &&
      parts[1] === 'checkout' &&
      parts[2] === 'sessions' &&
      parts[4] === 'pay'
    ) {
      const session = state.sessions[parts[3] ?? ''];
      if (!session) return fail(res, 404, `No such checkout.session: '${parts[3] ?? ''}'`);
      // Paying twice (a reload of the simulation page) pays once.
      if (session.status === 'open') pay(session);
      return json(res, 200, sessionObject(session));
    }

    if (parts[0] === 'v1' && parts[1] === 'subscriptions' && parts[2] && parts.length === 3) {
      const sub = state.subscriptions[parts[2]];
      if (!sub) return fail(res, 404, `No such subscription: '${parts[2]}'`);
      if (method === 'GET') return json(res, 200, subscriptionObject(sub));
      if (method === 'POST') {
        const body = await readJson(req);
        if (typeof body.cancel_at_period_end === 'boolean') {
          if (sub.status === 'canceled')
            return fail(res, 400, 'A canceled subscription can only update its cancellation_details and metadata.');
          sub.cancelAtPeriodEnd = body.cancel_at_period_end;
          sub.canceledAt = body.cancel_at_period_end ? nowSeconds() : null;
          save();
          emit([{ type: 'customer.subscription.updated', object: subscriptionObject(sub) }]);
        }
        return json(res, 200, subscriptionObject(sub));
      }
    }

    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const body = await readJson(req);
      const customer = param(body.customer);
      const returnUrl = param(body.return_url);
      if (!state.customers[customer]) return fail(res, 404, `No such customer: '${customer}'`);
      if (!returnAllowed(returnUrl)) return fail(res, 400, 'Not a valid URL: return_url must be the app.');
      const portal = { id: newId('bps'), customer, returnUrl };
      state.portals[portal.id] = portal;
      save();
      return json(res, 200, {
        id: portal.id,
        object: 'billing_portal.session',
        customer,
        return_url: returnUrl,
        url: `${origin}/portal/${portal.id}`,
        livemode: false,
      });
    }

    if (method === 'GET' && parts[0] === 'portal' && parts[1]) {
      const portal = state.portals[parts[1]];
      if (!portal)
        return page(
          res,
          'Link expired',
          '<h1>This link has expired</h1><p>Open payment details again from the app.</p>',
        );
      const subs = Object.values(state.subscriptions).filter((s) => s.customer === portal.customer);
      const rows = subs
        .map(
          (s) =>
            `<tr><td>${escape(s.plan.name)}</td><td>${escape(s.status)}${s.cancelAtPeriodEnd ? ' (will not renew)' : ''}</td><td>${usd(s.amount)} / ${s.interval}</td></tr>`,
        )
        .join('');
      return page(
        res,
        'Payment details (simulated)',
        `<h1>Payment details</h1><p class="note">A simulated billing portal: no card is stored and nothing is charged.</p>
<table><tr><th>Payment method</th><th></th><th>Visa •••• 4242</th></tr>${rows}</table>
<p><a href="${escape(portal.returnUrl)}">Return to the app</a></p>`,
      );
    }

    if (method === 'GET' && parts[0] === 'invoices' && parts[1]) {
      const invoice = state.invoices[parts[1]];
      if (!invoice) return page(res, 'Invoice not found', '<h1>Invoice not found</h1>');
      const day = (s: number) =>
        new Date(s * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
      return page(
        res,
        `Invoice ${invoice.number}`,
        `<h1>Invoice ${escape(invoice.number)}</h1><p>Paid ${day(invoice.created)}</p>
<table><tr><th>Description</th><th>Period</th><th>Amount</th></tr>
<tr><td>${escape(invoice.description)}</td><td>${day(invoice.periodStart)} – ${day(invoice.periodEnd)}</td><td>${usd(invoice.amount)}</td></tr>
<tr><th>Total paid</th><th></th><th>${usd(invoice.amount)}</th></tr></table>
<p class="note">Issued by the simulated payment provider of the local runtime. Nothing was charged.</p>`,
      );
    }

    if (method === 'POST' && parts[0] === '__sandbox' && parts[1] === 'subscriptions' && parts[3] === 'end-period') {
      const sub = state.subscriptions[parts[2] ?? ''];
      if (!sub) return fail(res, 404, `No such subscription: '${parts[2] ?? ''}'`);
      endPeriod(sub);
      return json(res, 200, subscriptionObject(sub));
    }

    return fail(res, 404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) fail(res, 400, `Invalid request: ${(error as Error).message}`);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((done, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        done();
      });
    });
  const preferred = options.port ?? state.port ?? 0;
  try {
    await listen(preferred);
  } catch (error) {
    if (preferred === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(0);
  }
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  state.port = port;
  save();

  return {
    origin,
    webhookSecret,
    stop: async () => {
      stopped = true;
      await Promise.allSettled([...deliveries]);
      await new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
    },
  };
}
