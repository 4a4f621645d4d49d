import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Stripe for tests: the REST subset the Stripe adapter calls (Checkout Sessions,
 * Subscriptions and their updates, Products, preview invoices, Subscription Schedules, Billing
 * Portal sessions), with Stripe's form encoding, bearer-key check, error bodies and object
 * shapes of the 2025+ API (the period end on subscription items, the invoice's subscription
 * under `parent`). Events are signed exactly as Stripe documents
 * (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.payload">`), computed here with node's
 * crypto, not with the stripe package the adapter verifies them with.
 *
 * The parameter rules it enforces for plan changes, each from Stripe's API reference (the same
 * text is in the stripe package's types, node_modules/stripe/esm/resources/*.d.ts):
 * - Update a subscription: `items[][id]` names one of its items; `items[][price_data]` takes
 *   `currency`, `product` (an id: no `product_data` there, unlike Checkout), `recurring` and
 *   `unit_amount`; `proration_behavior` is create_prorations, none or always_invoice;
 *   `payment_behavior` allow_incomplete, default_incomplete, error_if_incomplete or
 *   pending_if_incomplete; `proration_date` prorates as though updated then, so it falls in the
 *   current period (Stripe refuses one before the period began: bitwarden/server#4118).
 *   A subscription managed by a schedule refuses changes to its cancellation.
 * - Create a product: `id` may be chosen; an id in use is refused (resource_already_exists).
 * - Create a subscription schedule: with `from_subscription` "other parameters (such as phase
 *   values) cannot be set"; a subscription already attached to a schedule cannot be migrated.
 * - Update a schedule: a phase's `end_date` and `duration` exclude each other; the current
 *   phase keeps its start date; each phase's end is the next one's start.
 * - Release a schedule: only while not_started or active.
 * - Idempotent requests: the same `Idempotency-Key` replays the first answer; with other
 *   parameters it is a 400 idempotency_error.
 */
export const FAKE_STRIPE_KEY = 'sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_0123456789abcdef0123456789abcdef';

type Form = Record<string, unknown>;
export interface RecordedRequest {
  method: string;
  path: string;
  form: Form;
}

interface Price {
  id: string;
  product: string;
  unit_amount: number;
  recurring: { interval: string };
}

interface Sub {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  interval: string;
  amount: number;
  price: Price;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  latestInvoice: string | null;
  schedule: string | null;
}

interface Phase {
  start_date: number;
  end_date: number | null;
  price: Price;
  metadata: Record<string, string>;
}

interface Schedule {
  id: string;
  subscription: string;
  status: 'active' | 'released' | 'completed';
  end_behavior: string;
  phases: Phase[];
}

export interface StripeEvent {
  id: string;
  type: string;
  body: string;
}

const now = () => Math.floor(Date.now() / 1000);
/** A form field as text: ids and enums are strings; a nested field (an object) is none. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` → { a: { b: [{ c: '1' }] } }, as Stripe reads its form bodies. */
function parseStripeForm(text: string): Form {
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
  readonly invoices = new Map<string, Form & { id: string; amount_paid: number }>();
  readonly products = new Map<string, { id: string; name: string }>();
  readonly schedules = new Map<string, Schedule>();
  private readonly idempotency = new Map<string, { params: string; status: number; body: unknown }>();
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
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers })
        .end(JSON.stringify(body));

    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
    }
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const params = `${url.pathname}\n${JSON.stringify(form)}`;
      const seen = this.idempotency.get(key);
      if (seen && seen.params !== params)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      if (seen) return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
      const answer = this.answer(req.method, url.pathname, form);
      this.idempotency.set(key, { params, ...answer });
      return send(answer.status, answer.body);
    }
    const answer = this.answer(req.method ?? 'GET', url.pathname, form);
    return send(answer.status, answer.body);
  }

  /** The API's answer to one request: status and body (a branch can `return send(...)`). */
  private answer(method: string, pathname: string, form: Form): { status: number; body: unknown } {
    const send = (status: number, body: unknown) => ({ status, body });
    const error = (status: number, message: string, param?: string, code?: string) =>
      send(status, {
        error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) },
      });
    const req = { method };
    const url = { pathname };
    const parts = url.pathname.split('/').filter(Boolean);

    if (parts[0] === 'v1' && parts[1] === 'products') {
      if (req.method === 'GET' && parts[2]) {
        const product = this.products.get(parts[2]);
        return product
          ? send(200, { object: 'product', ...product })
          : error(404, `No such product: '${parts[2]}'`, 'id', 'resource_missing');
      }
      if (req.method === 'POST' && !parts[2]) {
        if (!form.name) return error(400, 'Missing required param: name.', 'name');
        const productId = typeof form.id === 'string' ? form.id : id('prod');
        if (this.products.has(productId)) return error(400, `Product already exists.`, 'id', 'resource_already_exists');
        const product = { id: productId, name: text(form.name) };
        this.products.set(productId, product);
        return send(200, { object: 'product', ...product });
      }
    }

    if (req.method === 'POST' && url.pathname === '/v1/invoices/create_preview') {
      const sub = this.subscriptions.get(text(form.subscription));
      if (!sub) return error(404, `No such subscription: '${text(form.subscription)}'`, 'subscription');
      const details = (form.subscription_details ?? {}) as Form;
      const change = this.priceChange(sub, details.items, 'subscription_details[items]');
      if (typeof change === 'string') return error(400, change);
      const at = this.prorationDate(sub, details);
      if (typeof at === 'string') return error(400, at);
      const amount =
        details.proration_behavior === 'none' ? 0 : Math.max(0, this.proration(sub, change.unit_amount, at));
      return send(200, {
        id: id('upcoming_in'),
        object: 'invoice',
        amount_due: amount,
        total: amount,
        subscription: sub.id,
      });
    }

    if (req.method === 'POST' && url.pathname === '/v1/subscription_schedules') {
      if (form.from_subscription === undefined) return error(400, 'Missing required param: from_subscription.');
      const others = Object.keys(form).filter((k) => k !== 'from_subscription' && k !== 'expand');
      if (others.length) return error(400, `You cannot set '${others[0]}' when using 'from_subscription'.`, others[0]);
      const sub = this.subscriptions.get(text(form.from_subscription));
      if (!sub) return error(404, `No such subscription: '${text(form.from_subscription)}'`, 'from_subscription');
      if (sub.schedule)
        return error(
          400,
          `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
        );
      const schedule: Schedule = {
        id: id('sub_sched'),
        subscription: sub.id,
        status: 'active',
        end_behavior: 'release',
        phases: [{ start_date: sub.periodStart, end_date: sub.periodEnd, price: sub.price, metadata: {} }],
      };
      this.schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      return send(200, this.scheduleObject(schedule));
    }

    if (parts[0] === 'v1' && parts[1] === 'subscription_schedules' && parts[2]) {
      const schedule = this.schedules.get(parts[2]);
      if (!schedule) return error(404, `No such subscription_schedule: '${parts[2]}'`, 'schedule');
      if (req.method === 'POST' && parts[3] === 'release') {
        if (schedule.status !== 'active')
          return error(400, `You cannot release a subscription schedule that is currently \`${schedule.status}\`.`);
        this.releaseSchedule(schedule, 'released');
        return send(200, this.scheduleObject(schedule));
      }
      if (req.method === 'POST' && !parts[3]) {
        if (schedule.status !== 'active')
          return error(400, `You cannot update a subscription schedule that is currently \`${schedule.status}\`.`);
        const phases = this.phasesOf(schedule, form.phases);
        if (typeof phases === 'string') return error(400, phases, 'phases');
        schedule.phases = phases;
        if (typeof form.end_behavior === 'string') schedule.end_behavior = form.end_behavior;
        return send(200, this.scheduleObject(schedule));
      }
    }

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
      if (req.method === 'POST' && sub.schedule && form.cancel_at_period_end !== undefined)
        return error(
          400,
          `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        );
      if (req.method === 'POST' && form.items !== undefined) {
        const change = this.priceChange(sub, form.items, 'items');
        if (typeof change === 'string') return error(400, change, 'items');
        const at = this.prorationDate(sub, form);
        if (typeof at === 'string') return error(400, at);
        const due = this.proration(sub, change.unit_amount, at);
        Object.assign(sub, {
          price: change,
          amount: change.unit_amount,
          metadata: { ...sub.metadata, ...((form.metadata as Record<string, string> | undefined) ?? {}) },
        });
        // always_invoice: the prorations are invoiced, and paid, at once; otherwise they wait for the renewal.
        if (form.proration_behavior === 'always_invoice') this.issueInvoice(sub, Math.max(0, due));
      }
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

  /** The one item's new price from `items` (update) or `subscription_details[items]` (preview), or why it is refused. */
  private priceChange(sub: Sub, value: unknown, name: string): Price | string {
    const item = (value as Form[] | undefined)?.[0];
    if (!item) return `Missing required param: ${name}.`;
    if (item.id !== `si_${sub.id}`) return `No such subscription item: '${String(item.id)}'`;
    const data = item.price_data as Form | undefined;
    if (!data) return `Missing required param: ${name}[0][price].`;
    if (data.product_data !== undefined) return `Received unknown parameter: ${name}[0][price_data][product_data]`;
    for (const field of ['currency', 'product', 'recurring'])
      if (data[field] === undefined) return `Missing required param: ${name}[0][price_data][${field}].`;
    const product = String(data.product);
    if (!this.products.has(product)) return `No such product: '${product}'`;
    const unit = Number(data.unit_amount);
    if (!Number.isInteger(unit) || unit < 0) return `Invalid integer: ${name}[0][price_data][unit_amount].`;
    const interval = (data.recurring as Form).interval;
    if (!['day', 'week', 'month', 'year'].includes(String(interval)))
      return `Invalid ${name}[0][price_data][recurring][interval]: must be one of day, week, month, or year`;
    return { id: id('price'), product, unit_amount: unit, recurring: { interval: String(interval) } };
  }

  private prorationDate(sub: Sub, form: Form): number | string {
    const behaviors = ['create_prorations', 'none', 'always_invoice'];
    if (form.proration_behavior !== undefined && !behaviors.includes(text(form.proration_behavior)))
      return `Invalid proration_behavior: must be one of ${behaviors.join(', ')}`;
    const payment = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'];
    if (form.payment_behavior !== undefined && !payment.includes(text(form.payment_behavior)))
      return `Invalid payment_behavior: must be one of ${payment.join(', ')}`;
    if (form.proration_date === undefined) return now();
    const at = Number(form.proration_date);
    if (!Number.isInteger(at)) return 'Invalid integer: proration_date';
    if (at < sub.periodStart || at > sub.periodEnd)
      return 'The proration_date must be within the current billing period of the subscription.';
    return at;
  }

  /** The new price less the old for the share of the period left at `at`; nothing in a trial. */
  private proration(sub: Sub, amount: number, at: number) {
    const length = sub.periodEnd - sub.periodStart;
    if (sub.status === 'trialing' || length <= 0) return 0;
    return Math.round(((amount - sub.amount) * (sub.periodEnd - at)) / length);
  }

  private phasesOf(schedule: Schedule, value: unknown): Phase[] | string {
    const list = value as Form[] | undefined;
    if (!list?.length) return 'Missing required param: phases.';
    const current = schedule.phases[0]!;
    const sub = this.subscriptions.get(schedule.subscription)!;
    const phases: Phase[] = [];
    for (const [i, phase] of list.entries()) {
      if (phase.end_date !== undefined && phase.duration !== undefined)
        return `phases[${i}]: end_date and duration cannot both be set.`;
      const previous = phases[i - 1];
      const start = phase.start_date !== undefined ? Number(phase.start_date) : previous?.end_date;
      if (start === undefined || start === null) return `Missing required param: phases[${i}][start_date].`;
      if (i === 0 && start !== current.start_date) return 'You can not modify the start date of the current phase.';
      if (previous && previous.end_date !== start)
        return `phases[${i}][start_date] must be the end_date of the phase before it.`;
      const item = (phase.items as Form[] | undefined)?.[0];
      if (!item) return `Missing required param: phases[${i}][items].`;
      let price: Price | undefined;
      if (typeof item.price === 'string') {
        price = item.price === sub.price.id ? sub.price : undefined;
        if (!price) return `No such price: '${item.price}'`;
      } else {
        const data = item.price_data as Form | undefined;
        if (!data) return `Missing required param: phases[${i}][items][0][price].`;
        if (data.product_data !== undefined)
          return `Received unknown parameter: phases[${i}][items][0][price_data][product_data]`;
        if (!this.products.has(String(data.product))) return `No such product: '${String(data.product)}'`;
        price = {
          id: id('price'),
          product: String(data.product),
          unit_amount: Number(data.unit_amount),
          recurring: { interval: String((data.recurring as Form | undefined)?.interval) },
        };
      }
      const duration = phase.duration as { interval?: string; interval_count?: string } | undefined;
      const end =
        phase.end_date !== undefined
          ? Number(phase.end_date)
          : duration
            ? start + Number(duration.interval_count ?? 1) * (duration.interval === 'year' ? 365 : 30) * 86400
            : null;
      phases.push({
        start_date: start,
        end_date: end,
        price,
        metadata: (phase.metadata as Record<string, string> | undefined) ?? {},
      });
    }
    return phases;
  }

  private releaseSchedule(schedule: Schedule, status: 'released' | 'completed') {
    schedule.status = status;
    const sub = this.subscriptions.get(schedule.subscription);
    if (sub?.schedule === schedule.id) sub.schedule = null;
  }

  scheduleObject(schedule: Schedule) {
    return {
      id: schedule.id,
      object: 'subscription_schedule',
      status: schedule.status,
      end_behavior: schedule.end_behavior,
      subscription: schedule.status === 'active' ? schedule.subscription : null,
      released_subscription: schedule.status === 'active' ? null : schedule.subscription,
      phases: schedule.phases.map((p) => ({
        start_date: p.start_date,
        end_date: p.end_date,
        items: [{ price: p.price.id, quantity: 1 }],
        metadata: p.metadata,
        trial_end: null,
      })),
    };
  }

  /**
   * What Stripe's billing does at the period end (as a test clock advanced past it): a schedule
   * moves to its next phase (price and metadata change) or, its last phase over, releases; the
   * subscription renews with an invoice of its price. Answers the events Stripe would send.
   */
  endPeriod(subscriptionId: string): StripeEvent[] {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const events: StripeEvent[] = [];
    const schedule = sub.schedule ? this.schedules.get(sub.schedule) : undefined;
    if (schedule) {
      const next = schedule.phases.find((p) => p.start_date >= sub.periodEnd);
      if (next) {
        Object.assign(sub, {
          price: next.price,
          amount: next.price.unit_amount,
          metadata: { ...sub.metadata, ...next.metadata },
        });
        schedule.phases = schedule.phases.filter((p) => p.start_date >= sub.periodEnd);
      } else {
        this.releaseSchedule(schedule, 'completed');
      }
    }
    const start = sub.periodEnd;
    Object.assign(sub, { status: 'active', periodStart: start, periodEnd: start + 30 * 86400 });
    const invoice = this.issueInvoice(sub, sub.amount);
    events.push(this.event('invoice.paid', invoice));
    events.push(this.event('customer.subscription.updated', this.subscriptionObject(sub)));
    return events;
  }

  /**
   * What Stripe does for `trial_end: 'now'` (as the Dashboard's "end trial"): the trial ends at
   * once, a paid period starts now, invoiced at the full price. Answers Stripe's events.
   */
  endTrialNow(subscriptionId: string): StripeEvent[] {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const start = now();
    Object.assign(sub, { status: 'active', trialEnd: start, periodStart: start, periodEnd: start + 30 * 86400 });
    const invoice = this.issueInvoice(sub, sub.amount);
    return [
      this.event('invoice.paid', invoice),
      this.event('customer.subscription.updated', this.subscriptionObject(sub)),
    ];
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
      schedule: sub.schedule,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id}`,
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
            price: { ...sub.price, object: 'price' },
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
      // Checkout's product_data makes a product and a price of Stripe's own ids.
      price: {
        id: id('price'),
        product: id('prod'),
        unit_amount: Number(price.unit_amount),
        recurring: { interval: price.recurring.interval },
      },
      trialEnd: trialDays ? start + trialDays * 86400 : null,
      periodStart: start,
      periodEnd: start + (trialDays || 30) * 86400,
      cancelAtPeriodEnd: false,
      latestInvoice: null,
      schedule: null,
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
