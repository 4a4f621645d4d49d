import type { PaymentContext, SandboxInvoice, SandboxSchedule, SandboxSession, SandboxSubscription } from './state';

/** Stripe's object shapes for what the simulated provider keeps. */

export const invoiceObject = (ctx: PaymentContext, invoice: SandboxInvoice) => ({
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
  hosted_invoice_url: `${ctx.origin()}/invoices/${invoice.id}`,
  invoice_pdf: null,
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: invoice.subscription, metadata: {} },
  },
  livemode: false,
});

const subscriptionItem = (sub: SandboxSubscription) => ({
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
});

export const subscriptionObject = (ctx: PaymentContext, sub: SandboxSubscription) => {
  const latest = sub.latestInvoice ? ctx.state.invoices[sub.latestInvoice] : undefined;
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
    items: { object: 'list', data: [subscriptionItem(sub)] },
    latest_invoice: latest ? invoiceObject(ctx, latest) : null,
    schedule: sub.schedule ?? null,
    livemode: false,
  };
};

const phaseItems = (amount: number, interval: string, slug: string) => [
  { price: { unit_amount: amount, recurring: { interval }, product: `prod_sim_${slug}` }, quantity: 1 },
];

export const scheduleObject = (ctx: PaymentContext, schedule: SandboxSchedule) => {
  const sub = ctx.state.subscriptions[schedule.subscription];
  const next = schedule.next;
  return {
    id: schedule.id,
    object: 'subscription_schedule',
    subscription: schedule.status === 'active' ? schedule.subscription : null,
    released_subscription: schedule.status === 'active' ? null : schedule.subscription,
    status: schedule.status,
    end_behavior: 'release',
    created: schedule.created,
    released_at: schedule.releasedAt,
    phases: [
      ...(sub && !schedule.nextBegun
        ? [
            {
              start_date: sub.periodStart,
              end_date: schedule.phaseEnd,
              items: phaseItems(sub.amount, sub.interval, sub.plan.slug),
            },
          ]
        : []),
      {
        start_date: schedule.phaseEnd,
        items: phaseItems(next.amount, next.interval, next.plan.slug),
        metadata: next.metadata,
      },
    ],
    livemode: false,
  };
};

const paymentStatus = (session: SandboxSession) =>
  session.status === 'complete' ? (session.trialDays > 0 ? 'no_payment_required' : 'paid') : 'unpaid';

export const sessionObject = (ctx: PaymentContext, session: SandboxSession) => ({
  id: session.id,
  object: 'checkout.session',
  mode: 'subscription',
  status: session.status,
  payment_status: paymentStatus(session),
  client_reference_id: session.clientReferenceId,
  customer: session.customer,
  subscription: session.subscription,
  metadata: session.metadata,
  amount_total: session.amount,
  currency: 'usd',
  success_url: session.successUrl,
  cancel_url: session.cancelUrl,
  url: session.status === 'open' ? `${ctx.appUrl}/payment-simulation?session_id=${session.id}` : null,
  created: session.created,
  livemode: false,
});
