import { json } from '../kit/answers';
import { stripeError } from '../kit/errors';
import { dispatch, route, type Call, type Route } from '../kit/router';
import { endPeriod, pay, setCancelAtPeriodEnd } from './billing';
import { sessionObject, subscriptionObject } from './objects';
import { invoicePage, portalPage } from './pages';
import {
  PERIOD_SECONDS,
  newId,
  nowSeconds,
  type PaymentContext,
  type SandboxSession,
  type StripeInterval,
} from './state';

/**
 * The provider's small JSON API in Stripe's shapes: checkout sessions (and their payment from the
 * app's /payment-simulation page), subscriptions, billing portal sessions and pages, invoices,
 * and the test hook that ends a period. Bodies are JSON; errors are Stripe's.
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

async function subscription(ctx: PaymentContext, call: Call, id: string) {
  const sub = ctx.state.subscriptions[id];
  if (!sub) return stripeError(call.res, 404, `No such subscription: '${id}'`);
  if (call.method === 'GET') return json(call.res, 200, subscriptionObject(ctx, sub));
  if (call.method !== 'POST') return unrecognized(call);
  const body = await readJson(call);
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
];

/** Routes on the path's segments (empty ones dropped), trailing segments allowed where Stripe's were. */
const segmentRoutes = (ctx: PaymentContext): Route<Call>[] => [
  route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/pay(?:\/.*)?$/, (call, [id = '']) => paySession(ctx, call, id)),
  route('*', /^\/v1\/subscriptions\/([^/]+)$/, (call, [id = '']) => subscription(ctx, call, id)),
  route('GET', /^\/portal\/([^/]+)/, ({ res }, [id = '']) => portalPage(ctx, res, id)),
  route('GET', /^\/invoices\/([^/]+)/, ({ res }, [id = '']) => invoicePage(ctx, res, id)),
  route('POST', /^\/__sandbox\/subscriptions\/([^/]+)\/end-period(?:\/.*)?$/, (call, [id = '']) =>
    endSubscriptionPeriod(ctx, call, id),
  ),
];

export function paymentRoutes(ctx: PaymentContext) {
  const exact = exactRoutes(ctx);
  const segments = segmentRoutes(ctx);
  return async (call: Call) => {
    const segmentPath = `/${call.path.split('/').filter(Boolean).join('/')}`;
    if ((await dispatch(exact, call)) || (await dispatch(segments, call, segmentPath))) return;
    unrecognized(call);
  };
}
