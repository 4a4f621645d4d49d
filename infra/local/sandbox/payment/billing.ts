import { invoiceObject, sessionObject, subscriptionObject } from './objects';
import {
  DAY,
  PERIOD_SECONDS,
  newId,
  nowSeconds,
  type PaymentContext,
  type SandboxInvoice,
  type SandboxSession,
  type SandboxSubscription,
} from './state';

/** What happens to subscriptions: a checkout paid, a period ended. Each saves, then tells the app. */

function issueInvoice(ctx: PaymentContext, sub: SandboxSubscription, amount: number, description: string) {
  ctx.state.invoiceSequence += 1;
  const invoice: SandboxInvoice = {
    id: newId('in'),
    number: `SIM-${String(ctx.state.invoiceSequence).padStart(4, '0')}`,
    customer: sub.customer,
    subscription: sub.id,
    amount,
    description,
    created: nowSeconds(),
    periodStart: sub.periodStart,
    periodEnd: sub.periodEnd,
  };
  ctx.state.invoices[invoice.id] = invoice;
  sub.latestInvoice = invoice.id;
  return invoice;
}

/** The session's customer, or a new one. */
function customerOf(ctx: PaymentContext, session: SandboxSession, now: number) {
  if (session.customer && ctx.state.customers[session.customer]) return session.customer;
  const customer = newId('cus');
  ctx.state.customers[customer] = { id: customer, created: now };
  return customer;
}

/** Pays a checkout session: a subscription (trialing when the plan has a trial) and its first invoice. */
export function pay(ctx: PaymentContext, session: SandboxSession) {
  const now = nowSeconds();
  const customer = customerOf(ctx, session, now);
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
  ctx.state.subscriptions[sub.id] = sub;
  // As Stripe does, a trial starts with a paid invoice of zero.
  const invoice = trialEnd
    ? issueInvoice(ctx, sub, 0, `Trial period for ${sub.plan.name}`)
    : issueInvoice(ctx, sub, sub.amount, `${sub.plan.name} (1 ${sub.interval})`);
  Object.assign(session, { status: 'complete', customer, subscription: sub.id });
  ctx.save();
  ctx.emit([
    { type: 'customer.subscription.created', object: subscriptionObject(ctx, sub) },
    { type: 'invoice.paid', object: invoiceObject(ctx, invoice) },
    { type: 'checkout.session.completed', object: sessionObject(ctx, session) },
  ]);
}

/** Ends the current period now: a cancelled subscription ends, any other renews with a new invoice. */
export function endPeriod(ctx: PaymentContext, sub: SandboxSubscription) {
  const now = nowSeconds();
  if (sub.cancelAtPeriodEnd || sub.status === 'canceled') {
    Object.assign(sub, { status: 'canceled', periodEnd: now, endedAt: now, canceledAt: sub.canceledAt ?? now });
    ctx.save();
    ctx.emit([{ type: 'customer.subscription.deleted', object: subscriptionObject(ctx, sub) }]);
    return;
  }
  Object.assign(sub, {
    status: 'active',
    trialEnd: sub.trialEnd && sub.trialEnd > now ? now : sub.trialEnd,
    periodStart: now,
    periodEnd: now + PERIOD_SECONDS[sub.interval],
  });
  const invoice = issueInvoice(ctx, sub, sub.amount, `${sub.plan.name} (1 ${sub.interval})`);
  ctx.save();
  ctx.emit([
    { type: 'invoice.paid', object: invoiceObject(ctx, invoice) },
    { type: 'customer.subscription.updated', object: subscriptionObject(ctx, sub) },
  ]);
}

/** Sets or clears cancel_at_period_end; a cancelled subscription refuses it (the error sentence, or undefined). */
export function setCancelAtPeriodEnd(ctx: PaymentContext, sub: SandboxSubscription, cancel: boolean) {
  if (sub.status === 'canceled') {
    return 'A canceled subscription can only update its cancellation_details and metadata.';
  }
  sub.cancelAtPeriodEnd = cancel;
  sub.canceledAt = cancel ? nowSeconds() : null;
  ctx.save();
  ctx.emit([{ type: 'customer.subscription.updated', object: subscriptionObject(ctx, sub) }]);
  return undefined;
}
