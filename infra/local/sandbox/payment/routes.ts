import { json } from '../kit/answers';
import { stripeError } from '../kit/errors';
import { dispatch, route, type Call, type Route } from '../kit/router';
import { changeNow, endPeriod, pay, proration, releaseSchedule, scheduleNext, setCancelAtPeriodEnd } from './billing';
import { scheduleObject, sessionObject, subscriptionObject } from './objects';
import { invoicePage, portalPage } from './pages';
import {
  PERIOD_SECONDS,
  newId,
  nowSeconds,
  type PaymentContext,
  type SandboxPhase,
  type SandboxSession,
  type SandboxSubscription,
  type StripeInterval,
} from './state';

/**
 * The provider's small JSON API in Stripe's shapes: checkout sessions (and their payment from the
 * app's /payment-simulation page), subscriptions and their plan changes (an update with
 * proration, a preview of it, a subscription schedule for a change at the period end), billing
 * portal sessions and pages, invoices, and the test hook that ends a period. Bodies are JSON;
 * errors are Stripe's.
 *
 * Stripe's rules it keeps for plan changes, and where they are written:
 * - `proration_behavior` is one of create_prorations, none, always_invoice; `payment_behavior`
 *   one of allow_incomplete, default_incomplete, error_if_incomplete, pending_if_incomplete
 *   (API reference, Update a subscription; the stripe package's SubscriptionUpdateParams).
 * - `proration_date` prorates "as though the subscription was updated at the given time", so it
 *   must fall in the current period: Stripe refuses one before the period began
 *   (bitwarden/server#4118 met it in production).
 * - `from_subscription`: "other parameters (such as phase values) cannot be set"; a
 *   subscription already attached to a schedule cannot be migrated again (Create a subscription
 *   schedule). A schedule releases only while not_started or active (Release a schedule).
 * - A subscription managed by a schedule refuses changes to its cancellation: "updating any
 *   cancelation behavior directly is not allowed. Please update the schedule instead."
 * - `Idempotency-Key`: the same key replays the first answer; with other parameters it is a
 *   400 idempotency_error; while the first is still running, a 409 (Idempotent requests).
 * The plan change keeps the interval: this provider, unlike Stripe, does not re-anchor a period.
 */

/** A form-style parameter as text: Stripe takes ids and URLs as strings, numbers as their digits. */
const param = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

async function readJson({ text }: Call): Promise<Record<string, unknown>> {
  const body = await text();
  if (!body) return {};
  const parsed: unknown = JSON.parse(body);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** Why a checkout session cannot be created, or undefined. */
function sessionProblem(ctx: PaymentContext, body: Record<string, unknown>) {
  const plan = body.plan as { slug?: unknown; name?: unknown } | undefined;
  const amount = Number(body.amount);
  if (typeof plan?.slug !== 'string' || typeof plan.name !== 'string') return 'Missing required param: plan.';
  if (!((body.interval as StripeInterval) in PERIOD_SECONDS)) {
    return `Invalid recurring interval: ${String(body.interval)}.`;
  }
  if (!Number.isInteger(amount) || amount <= 0) return 'Invalid amount: must be a positive integer of cents.';
  if (!ctx.returnAllowed(param(body.success_url)) || !ctx.returnAllowed(param(body.cancel_url))) {
    return 'Not a valid URL: success_url and cancel_url must be the app.';
  }
  return undefined;
}

async function createSession(ctx: PaymentContext, call: Call) {
  const body = await readJson(call);
  const problem = sessionProblem(ctx, body);
  if (problem) return stripeError(call.res, 400, problem);
  const plan = body.plan as { slug: string; name: string };
  const customer = typeof body.customer === 'string' && ctx.state.customers[body.customer] ? body.customer : null;
  const metadata = (body.metadata as Record<string, unknown> | undefined) ?? {};
  const session: SandboxSession = {
    id: newId('cs'),
    clientReferenceId: param(body.client_reference_id),
    customer,
    subscription: null,
    plan: { slug: plan.slug, name: plan.name },
    amount: Number(body.amount),
    interval: body.interval as StripeInterval,
    trialDays: Math.max(0, Math.floor(Number(body.trial_period_days) || 0)),
    metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, String(v)])),
    successUrl: param(body.success_url),
    cancelUrl: param(body.cancel_url),
    status: 'open',
    created: nowSeconds(),
  };
  ctx.state.sessions[session.id] = session;
  ctx.save();
  return json(call.res, 200, sessionObject(ctx, session));
}

function paySession(ctx: PaymentContext, { res }: Call, id: string) {
  const session = ctx.state.sessions[id];
  if (!session) return stripeError(res, 404, `No such checkout.session: '${id}'`);
  // Paying twice (a reload of the simulation page) pays once.
  if (session.status === 'open') pay(ctx, session);
  return json(res, 200, sessionObject(ctx, session));
}

const PRORATION_BEHAVIORS = ['create_prorations', 'none', 'always_invoice'];
const PAYMENT_BEHAVIORS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'];

/** A new plan for a subscription, or why it cannot be one. */
function phaseOf(sub: SandboxSubscription, body: Record<string, unknown>): SandboxPhase | string {
  if (sub.status === 'canceled')
    return 'A canceled subscription can only update its cancellation_details and metadata.';
  const plan = body.plan as { slug?: unknown; name?: unknown } | undefined;
  const amount = Number(body.amount);
  if (typeof plan?.slug !== 'string' || typeof plan.name !== 'string') return 'Missing required param: plan.';
  if (!Number.isInteger(amount) || amount <= 0) return 'Invalid amount: must be a positive integer of cents.';
  if (body.interval !== sub.interval) return `Invalid interval: this subscription is billed per ${sub.interval}.`;
  const metadata = (body.metadata as Record<string, unknown> | undefined) ?? {};
  return {
    plan: { slug: plan.slug, name: plan.name },
    amount,
    interval: sub.interval,
    metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, String(v)])),
  };
}

/** The proration moment of an update, or why it is refused. */
function prorationDateOf(sub: SandboxSubscription, body: Record<string, unknown>): number | string {
  if (body.proration_behavior !== undefined && !PRORATION_BEHAVIORS.includes(param(body.proration_behavior)))
    return `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}.`;
  if (body.payment_behavior !== undefined && !PAYMENT_BEHAVIORS.includes(param(body.payment_behavior)))
    return `Invalid payment_behavior: must be one of ${PAYMENT_BEHAVIORS.join(', ')}.`;
  if (body.proration_date === undefined) return nowSeconds();
  const at = Number(body.proration_date);
  if (!Number.isInteger(at)) return 'Invalid integer: proration_date.';
  if (at < sub.periodStart || at > sub.periodEnd)
    return 'Invalid proration_date: it must be within the current billing period of the subscription.';
  return at;
}

/** An update changing the price now: the proration is invoiced at once only with always_invoice. */
function updatePlan(ctx: PaymentContext, call: Call, sub: SandboxSubscription, body: Record<string, unknown>) {
  const phase = phaseOf(sub, body);
  if (typeof phase === 'string') return stripeError(call.res, 400, phase);
  const at = prorationDateOf(sub, body);
  if (typeof at === 'string') return stripeError(call.res, 400, at);
  if (body.proration_behavior !== 'always_invoice') {
    return stripeError(call.res, 400, 'This simulated provider invoices plan changes at once: use always_invoice.');
  }
  changeNow(ctx, sub, phase, at);
  return json(call.res, 200, subscriptionObject(ctx, sub));
}

/** The invoice an update would make now, made of nothing (Create a preview invoice). */
async function previewInvoice(ctx: PaymentContext, call: Call) {
  const body = await readJson(call);
  const sub = ctx.state.subscriptions[param(body.subscription)];
  if (!sub) return stripeError(call.res, 404, `No such subscription: '${param(body.subscription)}'`);
  const details = (body.subscription_details as Record<string, unknown> | undefined) ?? {};
  const phase = phaseOf(sub, details);
  if (typeof phase === 'string') return stripeError(call.res, 400, phase);
  const at = prorationDateOf(sub, details);
  if (typeof at === 'string') return stripeError(call.res, 400, at);
  const amount = details.proration_behavior === 'none' ? 0 : Math.max(0, proration(sub, phase.amount, at));
  return json(call.res, 200, {
    id: `upcoming_${sub.id}`,
    object: 'invoice',
    customer: sub.customer,
    currency: 'usd',
    amount_due: amount,
    total: amount,
    subscription_proration_date: at,
    lines: { object: 'list', data: [{ description: `Remaining time on ${phase.plan.name}`, amount }] },
    livemode: false,
  });
}

async function createSchedule(ctx: PaymentContext, call: Call) {
  const body = await readJson(call);
  const id = param(body.from_subscription);
  const sub = ctx.state.subscriptions[id];
  if (!id) return stripeError(call.res, 400, 'Missing required param: from_subscription.');
  if (!sub) return stripeError(call.res, 404, `No such subscription: '${id}'`);
  if (sub.schedule) {
    return stripeError(
      call.res,
      400,
      `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
    );
  }
  if (sub.cancelAtPeriodEnd) return stripeError(call.res, 400, 'You cannot migrate a subscription that will cancel.');
  const next = phaseOf(sub, (body.next_phase as Record<string, unknown> | undefined) ?? {});
  if (typeof next === 'string') return stripeError(call.res, 400, next);
  return json(call.res, 200, scheduleObject(ctx, scheduleNext(ctx, sub, next)));
}

function release(ctx: PaymentContext, { res }: Call, id: string) {
  const schedule = ctx.state.schedules[id];
  if (!schedule) return stripeError(res, 404, `No such subscription_schedule: '${id}'`);
  if (schedule.status !== 'active') {
    return stripeError(
      res,
      400,
      `You cannot release a subscription schedule that is currently \`${schedule.status}\`.`,
    );
  }
  releaseSchedule(ctx, schedule, 'released');
  return json(res, 200, scheduleObject(ctx, schedule));
}

async function subscription(ctx: PaymentContext, call: Call, id: string) {
  const sub = ctx.state.subscriptions[id];
  if (!sub) return stripeError(call.res, 404, `No such subscription: '${id}'`);
  if (call.method === 'GET') return json(call.res, 200, subscriptionObject(ctx, sub));
  if (call.method !== 'POST') return unrecognized(call);
  const body = await readJson(call);
  if (sub.schedule && body.cancel_at_period_end !== undefined) {
    return stripeError(
      call.res,
      400,
      `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
    );
  }
  if (body.plan !== undefined) return updatePlan(ctx, call, sub, body);
  if (typeof body.cancel_at_period_end === 'boolean') {
    const refused = setCancelAtPeriodEnd(ctx, sub, body.cancel_at_period_end);
    if (refused) return stripeError(call.res, 400, refused);
  }
  return json(call.res, 200, subscriptionObject(ctx, sub));
}

async function createPortal(ctx: PaymentContext, call: Call) {
  const body = await readJson(call);
  const customer = param(body.customer);
  const returnUrl = param(body.return_url);
  if (!ctx.state.customers[customer]) return stripeError(call.res, 404, `No such customer: '${customer}'`);
  if (!ctx.returnAllowed(returnUrl)) return stripeError(call.res, 400, 'Not a valid URL: return_url must be the app.');
  const portal = { id: newId('bps'), customer, returnUrl };
  ctx.state.portals[portal.id] = portal;
  ctx.save();
  return json(call.res, 200, {
    id: portal.id,
    object: 'billing_portal.session',
    customer,
    return_url: returnUrl,
    url: `${ctx.origin()}/portal/${portal.id}`,
    livemode: false,
  });
}

function endSubscriptionPeriod(ctx: PaymentContext, { res }: Call, id: string) {
  const sub = ctx.state.subscriptions[id];
  if (!sub) return stripeError(res, 404, `No such subscription: '${id}'`);
  endPeriod(ctx, sub);
  return json(res, 200, subscriptionObject(ctx, sub));
}

const unrecognized = ({ res, method, path }: Call) =>
  stripeError(res, 404, `Unrecognized request URL (${method}: ${path}).`);

/** Routes on the exact path. */
const exactRoutes = (ctx: PaymentContext): Route<Call>[] => [
  route('POST', '/v1/checkout/sessions', (call) => createSession(ctx, call)),
  route('POST', '/v1/billing_portal/sessions', (call) => createPortal(ctx, call)),
  route('POST', '/v1/invoices/create_preview', (call) => previewInvoice(ctx, call)),
  route('POST', '/v1/subscription_schedules', (call) => createSchedule(ctx, call)),
];

/** Routes on the path's segments (empty ones dropped), trailing segments allowed where Stripe's were. */
const segmentRoutes = (ctx: PaymentContext): Route<Call>[] => [
  route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/pay(?:\/.*)?$/, (call, [id = '']) => paySession(ctx, call, id)),
  route('*', /^\/v1\/subscriptions\/([^/]+)$/, (call, [id = '']) => subscription(ctx, call, id)),
  route('POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (call, [id = '']) => release(ctx, call, id)),
  route('GET', /^\/portal\/([^/]+)/, ({ res }, [id = '']) => portalPage(ctx, res, id)),
  route('GET', /^\/invoices\/([^/]+)/, ({ res }, [id = '']) => invoicePage(ctx, res, id)),
  route('POST', /^\/__sandbox\/subscriptions\/([^/]+)\/end-period(?:\/.*)?$/, (call, [id = '']) =>
    endSubscriptionPeriod(ctx, call, id),
  ),
];

/**
 * Stripe's idempotent requests: a POST with an `Idempotency-Key` runs once; the same key again
 * answers what the first answered (`Idempotent-Replayed: true`), with other parameters it is
 * refused, and while the first is still running the second is told so.
 */
async function idempotent(ctx: PaymentContext, call: Call, run: () => Promise<void>) {
  const key = call.req.headers['idempotency-key'];
  if (call.method !== 'POST' || typeof key !== 'string' || !key) return run();
  const params = `${call.path}\n${await call.text()}`;
  const seen = ctx.state.idempotency[key];
  if (seen && seen.params !== params) {
    return stripeError(
      call.res,
      400,
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      'idempotency_error',
    );
  }
  if (seen && seen.status === 0) {
    return stripeError(
      call.res,
      409,
      'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
        `${key}. Please try again later.`,
      'idempotency_error',
    );
  }
  if (seen) return json(call.res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
  const entry = { params, status: 0, body: undefined as unknown };
  ctx.state.idempotency[key] = entry;
  const end = call.res.end.bind(call.res) as (chunk?: unknown) => unknown;
  (call.res as { end: (chunk?: unknown) => unknown }).end = (chunk?: unknown) => {
    entry.status = call.res.statusCode;
    entry.body = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? JSON.parse(String(chunk)) : null;
    // Stripe does not keep an answer of its own failure (5xx) for the key: a retry runs again.
    if (entry.status >= 500)
      ctx.state.idempotency = Object.fromEntries(Object.entries(ctx.state.idempotency).filter(([k]) => k !== key));
    ctx.save();
    return end(chunk);
  };
  await run();
}

export function paymentRoutes(ctx: PaymentContext) {
  const exact = exactRoutes(ctx);
  const segments = segmentRoutes(ctx);
  return (call: Call) =>
    idempotent(ctx, call, async () => {
      const segmentPath = `/${call.path.split('/').filter(Boolean).join('/')}`;
      if ((await dispatch(exact, call)) || (await dispatch(segments, call, segmentPath))) return;
      unrecognized(call);
    });
}
