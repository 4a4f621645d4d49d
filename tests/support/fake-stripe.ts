import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Stripe for tests: the REST subset the Stripe adapter calls (Checkout Sessions,
 * Subscriptions, Billing Portal sessions), with Stripe's form encoding, bearer-key check, error
 * bodies and object shapes of the 2025+ API (the period end on subscription items, the
 * invoice's subscription under `parent`). Events are signed exactly as Stripe documents
 * (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.payload">`), computed here with node's
 * crypto, not with the stripe package the adapter verifies them with.
 */
export const FAKE_STRIPE_KEY = 'sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef0123456789abcdef';

type Form = Record<string, unknown>;
export interface RecordedRequest {
  method: string;
  path: string;
  form: Form;
}

interface Sub {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  interval: string;
  amount: number;
  trialEnd: number | null;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  latestInvoice: string | null;
}

export interface StripeEvent {
  id: string;
  type: string;
  body: string;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` → { a: { b: [{ c: '1' }] } }, as Stripe reads its form bodies. */
export function parseStripeForm(text: string): Form {
  const root: Form = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? '');
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

export function stripeSignature(payload: string, secret = FAKE_WEBHOOK_SECRET, timestamp = now()) {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<
    string,
    Form & { id: string; customer: string | null; subscription: string | null; status: string }
  >();
  readonly subscriptions = new Map<string, Sub>();
  readonly invoices = new Map<string, Form & { id: string }>();
  private server!: Server;
  private invoiceNumber = 0;
  url = '';

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise<void>((done) => {
      this.server.closeAllConnections();
      this.server.close(() => done());
    });
  }

  /** How many times the API was asked for a subscription (a re-applied event asks again). */
  retrievals(subscriptionId: string) {
    return this.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe');
    const form = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, form });
    // Answers return the response (as `end()` does), so a branch can `return send(...)`.
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
    const error = (status: number, message: string, param?: string) =>
      send(status, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });

    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
    }
    const parts = url.pathname.split('/').filter(Boolean);

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') return error(400, 'Missing required param: mode.', 'mode');
      if (!form.success_url) return error(400, 'Missing required param: success_url.', 'success_url');
      const items = form.line_items as
        { price_data?: { unit_amount?: string; recurring?: { interval?: string } } }[] | undefined;
      if (!items?.[0]?.price_data?.recurring?.interval)
        return error(400, 'Missing required param: line_items[0][price_data][recurring].');
      const session = {
        ...form,
        id: id('cs'),
        object: 'checkout.session',
        status: 'open',
        customer: (form.customer as string | undefined) ?? null,
        subscription: null,
        url: '',
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      return send(200, session);
    }

    if (parts[0] === 'v1' && parts[1] === 'subscriptions' && parts[2]) {
      const sub = this.subscriptions.get(parts[2]);
      if (!sub) return error(404, `No such subscription: '${parts[2]}'`, 'id');
      if (req.method === 'POST' && form.cancel_at_period_end !== undefined)
        sub.cancelAtPeriodEnd = form.cancel_at_period_end === 'true';
      return send(200, this.subscriptionObject(sub));
    }

    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!form.customer) return error(400, 'Missing required param: customer.', 'customer');
      return send(200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.com/p/session/${id('live')}`,
      });
    }
    return error(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  subscriptionObject(sub: Sub) {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      metadata: sub.metadata,
      trial_end: sub.trialEnd,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id}`,
            current_period_end: sub.periodEnd,
            price: { unit_amount: sub.amount, recurring: { interval: sub.interval } },
          },
        ],
      },
      latest_invoice: sub.latestInvoice ? (this.invoices.get(sub.latestInvoice) ?? null) : null,
    };
  }

  /**
   * What Stripe does when the customer pays a checkout: a customer (unless given), a
   * subscription (trialing when the session asked for a trial), a paid invoice, and the three
   * events, in the order Stripe commonly sends them (the checkout's completion last).
   */
  completeCheckout(sessionId: string): StripeEvent[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const data = session.subscription_data as
      { metadata?: Record<string, string>; trial_period_days?: string } | undefined;
    const price = (session.line_items as { price_data: { unit_amount: string; recurring: { interval: string } } }[])[0]!
      .price_data;
    const trialDays = Number(data?.trial_period_days ?? 0);
    const customer = session.customer ?? id('cus');
    const start = now();
    const sub: Sub = {
      id: id('sub'),
      customer,
      status: trialDays ? 'trialing' : 'active',
      metadata: data?.metadata ?? {},
      interval: price.recurring.interval,
      amount: Number(price.unit_amount),
      trialEnd: trialDays ? start + trialDays * 86400 : null,
      periodEnd: start + (trialDays || 30) * 86400,
      cancelAtPeriodEnd: false,
      latestInvoice: null,
    };
    const invoice = this.issueInvoice(sub, trialDays ? 0 : sub.amount);
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, {
      status: 'complete',
      customer,
      subscription: sub.id,
      payment_status: trialDays ? 'no_payment_required' : 'paid',
    });
    return [
      this.event('customer.subscription.created', this.subscriptionObject(sub)),
      this.event('invoice.paid', invoice),
      this.event('checkout.session.completed', { ...session, url: null }),
    ];
  }

  issueInvoice(sub: Sub, amount: number) {
    this.invoiceNumber += 1;
    const invoice = {
      id: id('in'),
      object: 'invoice',
      number: `FAKE-${String(this.invoiceNumber).padStart(4, '0')}`,
      customer: sub.customer,
      status: 'paid',
      amount_paid: amount,
      created: now(),
      status_transitions: { paid_at: now() },
      hosted_invoice_url: `https://invoice.stripe.com/i/${id('inv')}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
    this.invoices.set(invoice.id, invoice);
    sub.latestInvoice = invoice.id;
    return invoice;
  }

  event(type: string, object: unknown): StripeEvent {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      data: { object },
      livemode: false,
    };
    return { id: event.id, type, body: JSON.stringify(event) };
  }
}

/** Posts an event to a webhook as Stripe does; `signature` overrides the header (bad or old ones). */
export async function deliver(
  webhookUrl: string,
  event: StripeEvent,
  options: { signature?: string; secret?: string; timestamp?: number } = {},
) {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': options.signature ?? stripeSignature(event.body, options.secret, options.timestamp),
    },
    body: event.body,
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}
