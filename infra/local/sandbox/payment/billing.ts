import { invoiceObject, scheduleObject, sessionObject, subscriptionObject } from './objects';
import {
  DAY,
  PERIOD_SECONDS,
  newId,
  nowSeconds,
  type PaymentContext,
  type SandboxInvoice,
  type SandboxPhase,
  type SandboxSchedule,
  type SandboxSession,
  type SandboxSubscription,
} from './state';

/** What happens to subscriptions: a checkout paid, a plan changed, a period ended. Each saves, then tells the app. */

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

/**
 * Stripe's proration of a price change at `at`: the new price less the old one, for the share
 * of the current period still to come (a credit for the unused old price, a charge for the new).
 * Nothing during a trial, which costs nothing either way.
 */
export function proration(sub: SandboxSubscription, amount: number, at: number): number {
  const length = sub.periodEnd - sub.periodStart;
  if (sub.status === 'trialing' || length <= 0) return 0;
  return Math.round(((amount - sub.amount) * (sub.periodEnd - at)) / length);
}

/**
 * An update of the subscription's price with `proration_behavior: always_invoice`: the change
 * is made now and the proration invoiced and paid at once (a credit, from a cheaper price, is
 * not modelled: such an invoice is of zero).
 */
export function changeNow(ctx: PaymentContext, sub: SandboxSubscription, phase: SandboxPhase, at: number) {
  const amount = Math.max(0, proration(sub, phase.amount, at));
  const from = sub.plan.name;
  Object.assign(sub, { plan: phase.plan, amount: phase.amount, metadata: { ...sub.metadata, ...phase.metadata } });
  const invoice = issueInvoice(ctx, sub, amount, `Remaining time on ${phase.plan.name} after ${from}`);
  ctx.save();
  ctx.emit([
    { type: 'invoice.paid', object: invoiceObject(ctx, invoice) },
    { type: 'customer.subscription.updated', object: subscriptionObject(ctx, sub) },
  ]);
}

/** A schedule made from the subscription, whose next phase is `next` from the period end. */
export function scheduleNext(ctx: PaymentContext, sub: SandboxSubscription, next: SandboxPhase) {
  const schedule: SandboxSchedule = {
    id: newId('sub_sched'),
    subscription: sub.id,
    status: 'active',
    phaseEnd: sub.periodEnd,
    next,
    nextBegun: false,
    created: nowSeconds(),
    releasedAt: null,
  };
  ctx.state.schedules[schedule.id] = schedule;
  sub.schedule = schedule.id;
  ctx.save();
  ctx.emit([
    { type: 'subscription_schedule.created', object: scheduleObject(ctx, schedule) },
    { type: 'customer.subscription.updated', object: subscriptionObject(ctx, sub) },
  ]);
  return schedule;
}

/** Releases a schedule: its phases stop, the subscription goes on as it is now. */
export function releaseSchedule(ctx: PaymentContext, schedule: SandboxSchedule, status: 'released' | 'completed') {
  Object.assign(schedule, { status, releasedAt: nowSeconds() });
  const sub = ctx.state.subscriptions[schedule.subscription];
  if (sub?.schedule === schedule.id) sub.schedule = null;
  ctx.save();
  ctx.emit([
    { type: `subscription_schedule.${status}`, object: scheduleObject(ctx, schedule) },
    ...(sub ? [{ type: 'customer.subscription.updated', object: subscriptionObject(ctx, sub) }] : []),
  ]);
}

/**
 * At a period end a schedule moves on: its next phase begins (the plan, price and metadata
 * change before the renewal's invoice), or, that phase's one period over, it is released.
 */
function advanceSchedule(ctx: PaymentContext, sub: SandboxSubscription) {
  const schedule = sub.schedule ? ctx.state.schedules[sub.schedule] : undefined;
  if (!schedule || schedule.status !== 'active') return;
  if (schedule.nextBegun) {
    releaseSchedule(ctx, schedule, 'completed');
    return;
  }
  const { plan, amount, interval, metadata } = schedule.next;
  Object.assign(sub, { plan, amount, interval, metadata: { ...sub.metadata, ...metadata } });
  schedule.nextBegun = true;
}

/** Ends the current period now: a cancelled subscription ends, any other renews with a new invoice. */
export function endPeriod(ctx: PaymentContext, sub: SandboxSubscription) {
  const now = nowSeconds();
  advanceSchedule(ctx, sub);
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

/**
 * The provider's own time: every period that has ended (by the dev clock, or while the runtime
 * was stopped) ends now, in order, as Stripe's billing does when a test clock advances.
 */
export function endDuePeriods(ctx: PaymentContext) {
  for (const sub of Object.values(ctx.state.subscriptions)) {
    for (let i = 0; i < 120 && sub.status !== 'canceled' && sub.periodEnd <= nowSeconds(); i++) endPeriod(ctx, sub);
  }
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
