import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@shared/schemas/billing';
import { signedInUser, TestClient } from '../support/api-client';
import {
  deliver,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  FakeStripe,
  stripeSignature,
  type StripeEvent,
} from '../support/fake-stripe';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';

/**
 * Billing with the Stripe adapter, end to end: a runtime of its own whose provider is Stripe,
 * pointed at a loopback Stripe. Checkout, portal and cancel go to "Stripe"; the paid checkout
 * comes back as signed events on the webhook, which refuses bad signatures and old events,
 * applies each event once, and applies a checkout only to the company that started it.
 */
let fake: FakeStripe;
let runtime: RuntimeProcess;
let webhookUrl = '';

beforeAll(async () => {
  fake = await new FakeStripe().start();
  runtime = await startRuntimeBesideSuite({
    env: {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  webhookUrl = `${runtime.url}/api/billing/webhook`;
}, 120_000);

afterAll(async () => {
  await runtime.stop();
  await fake.stop();
});

const signedIn = (label: string) => signedInUser(label, {}, runtime.url);

const subscriptionOf = async (client: TestClient) => (await client.get('/api/billing/subscription')).body;

/** Activate, then pay at "Stripe": answers the events Stripe would send, not yet delivered. */
async function checkout(client: TestClient, plan = 'organic') {
  const res = await client.post('/api/billing/upgrade', { plan, interval: 'month' });
  expect(res.status).toBe(200);
  const sessionId = res.body.redirectUrl.split('/').pop() as string;
  return { redirectUrl: res.body.redirectUrl as string, sessionId, events: fake.completeCheckout(sessionId) };
}

async function deliverAll(events: StripeEvent[]) {
  for (const event of events) expect((await deliver(webhookUrl, event)).status).toBe(200);
}

const completion = (events: StripeEvent[]) => events.find((e) => e.type === 'checkout.session.completed')!;

describe('the Stripe adapter through the app', () => {
  it('upgrade creates a Checkout Session; the signed events make the subscription and the invoice', async () => {
    const { client, companyId } = await signedIn('stripe-up');
    const { redirectUrl, sessionId, events } = await checkout(client);
    expect(redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const sent = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.form;
    expect(sent).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(companyId),
      line_items: [{ price_data: { currency: 'usd', unit_amount: '2900', recurring: { interval: 'month' } } }],
      subscription_data: { trial_period_days: '7', metadata: { planSlug: 'organic' } },
      success_url: `${runtime.url}/settings/billing`,
      cancel_url: `${runtime.url}/settings/billing`,
    });

    await deliverAll(events);
    expect(await subscriptionOf(client)).toMatchObject({
      plan: { slug: 'organic' },
      status: 'trialing',
      isPaid: true,
      canCancel: true,
    });
    const invoices = (await client.get('/api/billing/invoices')).body;
    expect(invoices).toEqual([
      {
        number: expect.stringMatching(/^FAKE-/),
        date: expect.any(String),
        amount: 0,
        link: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
      },
    ]);
  });

  it('portal: a Billing Portal session for the company customer, back to billing', async () => {
    const { client } = await signedIn('stripe-portal');
    const { events } = await checkout(client);
    await deliverAll(events);
    const res = await client.post('/api/billing/portal');
    expect(res.status).toBe(200);
    expect(res.body.redirectUrl).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const sent = fake.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!.form;
    expect(sent).toEqual({
      customer: expect.stringMatching(/^cus_test_/),
      return_url: `${runtime.url}/settings/billing`,
    });
  });

  it('cancel: cancel_at_period_end at Stripe, and the subscription says it will not renew', async () => {
    const { client } = await signedIn('stripe-cancel');
    const { events } = await checkout(client);
    await deliverAll(events);
    const res = await client.post('/api/billing/cancel');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isCancelled: true, autoRenewal: false, canCancel: false });
    const update = fake.requests.findLast((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'))!;
    expect(update.form).toMatchObject({ cancel_at_period_end: 'true' });
  });
});

describe('the webhook', () => {
  it('refuses a bad signature (400), applying nothing', async () => {
    const { client } = await signedIn('stripe-badsig');
    const { events } = await checkout(client);
    const event = completion(events);
    for (const signature of [stripeSignature(event.body, 'whsec_not_ours'), 't=1,v1=00', '']) {
      const res = await deliver(webhookUrl, event, { signature });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'The webhook signature is not valid.' });
    }
    const tampered = { ...event, body: event.body.replace('"mode":"subscription"', '"mode":"subscription","x":1') };
    expect((await deliver(webhookUrl, tampered, { signature: stripeSignature(event.body) })).status).toBe(400);
    expect((await subscriptionOf(client)).status).toBe('free');
  });

  it('refuses the replay of an old event (its signed timestamp is past the tolerance)', async () => {
    const { client } = await signedIn('stripe-replay');
    const { events } = await checkout(client);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await deliver(webhookUrl, completion(events), { timestamp: tenMinutesAgo })).status).toBe(400);
    expect((await subscriptionOf(client)).status).toBe('free');
  });

  it('applies the same event once, delivered twice in a row or twice at the same moment', async () => {
    const { client } = await signedIn('stripe-dup');
    const { events } = await checkout(client);
    const event = completion(events);
    await deliverAll(events.filter((e) => e !== event));
    const subscriptionId = JSON.parse(event.body).data.object.subscription as string;
    const before = fake.retrievals(subscriptionId);

    expect((await deliver(webhookUrl, event)).status).toBe(200);
    const applied = fake.retrievals(subscriptionId);
    expect(applied).toBe(before + 1);
    expect((await deliver(webhookUrl, event)).status).toBe(200);
    expect(fake.retrievals(subscriptionId)).toBe(applied);

    const update = fake.event(
      'customer.subscription.updated',
      fake.subscriptionObject(fake.subscriptions.get(subscriptionId)!),
    );
    const answers = await Promise.all([
      deliver(webhookUrl, update),
      deliver(webhookUrl, update),
      deliver(webhookUrl, update),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(fake.retrievals(subscriptionId)).toBe(applied + 1);
    expect((await client.get('/api/billing/invoices')).body).toHaveLength(1);
  });

  it('cannot upgrade another company: a checkout is applied only to the company that started it', async () => {
    const a = await signedIn('stripe-owner');
    const b = await signedIn('stripe-victim');
    const { sessionId, events } = await checkout(a.client);
    // The same checkout, signed, but naming company B (as a leaked or mistaken event would).
    const session = { ...fake.sessions.get(sessionId)!, client_reference_id: String(b.companyId), url: null };
    const forged = fake.event('checkout.session.completed', session);
    expect((await deliver(webhookUrl, forged)).status).toBe(200);
    // A checkout this app never started is not applied either.
    const stranger = fake.event('checkout.session.completed', {
      ...session,
      id: 'cs_test_unknown',
      client_reference_id: String(b.companyId),
    });
    expect((await deliver(webhookUrl, stranger)).status).toBe(200);
    expect((await subscriptionOf(b.client)).status).toBe('free');
    expect((await subscriptionOf(a.client)).status).toBe('free');

    await deliverAll(events);
    expect((await subscriptionOf(a.client)).plan.slug).toBe('organic');
    expect((await subscriptionOf(b.client)).status).toBe('free');
  });

  it('an upgrade while subscribed to another plan is refused; cancelling twice is a clear 409', async () => {
    const { client } = await signedIn('stripe-twice');
    await deliverAll((await checkout(client)).events);
    const other = await client.post('/api/billing/upgrade', { plan: 'standard', interval: 'month' });
    expect(other.status).toBe(409);
    expect((await client.post('/api/billing/cancel')).status).toBe(200);
    const again = await client.post('/api/billing/cancel');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(billingMessages.alreadyCancelled);
  });
});

describe('changing plan at Stripe', () => {
  /** A company paying for Organic: its trial ended now at "Stripe", the first paid period's events delivered. */
  async function paying(label: string) {
    const { client } = await signedIn(label);
    const { sessionId, events } = await checkout(client);
    await deliverAll(events);
    const subscriptionId = fake.sessions.get(sessionId)!.subscription!;
    await deliverAll(fake.endTrialNow(subscriptionId));
    expect(await subscriptionOf(client)).toMatchObject({ plan: { slug: 'organic' }, status: 'active' });
    return { client, subscriptionId };
  }
  const updates = (subscriptionId: string) =>
    fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}` && r.form.items,
    );

  it('up: previewed with create_preview, made with always_invoice at that moment, the prorated invoice recorded once', async () => {
    const { client, subscriptionId } = await paying('stripe-change-up');
    const preview = await client.get('/api/billing/plan-change?plan=standard');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ change: 'upgrade', plan: { slug: 'standard' } });
    expect(preview.body.amountDue).toBeGreaterThan(2990);
    expect(preview.body.amountDue).toBeLessThanOrEqual(3000);
    const item = `si_${subscriptionId}`;
    expect(fake.requests.findLast((r) => r.path === '/v1/invoices/create_preview')!.form).toMatchObject({
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: item, price_data: { product: 'plan_standard', unit_amount: '5900' } }],
        proration_behavior: 'always_invoice',
        proration_date: String(preview.body.prorationDate),
      },
    });

    const changed = await client.post('/api/billing/plan-change', {
      plan: 'standard',
      prorationDate: preview.body.prorationDate,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.subscription).toMatchObject({ plan: { slug: 'standard' }, isPaid: true });
    expect(updates(subscriptionId).at(-1)!.form).toEqual({
      items: [
        {
          id: item,
          price_data: {
            currency: 'usd',
            product: 'plan_standard',
            unit_amount: '5900',
            recurring: { interval: 'month' },
          },
        },
      ],
      metadata: { planSlug: 'standard', interval: 'month' },
      proration_behavior: 'always_invoice',
      proration_date: String(preview.body.prorationDate),
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    });
    const invoices = (await client.get('/api/billing/invoices')).body as { amount: number }[];
    expect(invoices.map((i) => i.amount).sort((a, b) => a - b)).toEqual(
      [0, 2900, preview.body.amountDue].sort((a, b) => a - b),
    );
    // Stripe's own events about the change apply the same invoice, not a second one.
    const sub = fake.subscriptions.get(subscriptionId)!;
    await deliverAll([
      fake.event('invoice.paid', fake.invoices.get(sub.latestInvoice!)),
      fake.event('customer.subscription.updated', fake.subscriptionObject(sub)),
    ]);
    expect((await client.get('/api/billing/invoices')).body).toHaveLength(3);
  });

  it('down: a schedule from the subscription, then its phases; taken back by a release; in effect at the period end', async () => {
    const { client, subscriptionId } = await paying('stripe-change-down');
    expect((await client.post('/api/billing/plan-change', { plan: 'agency' })).status).toBe(200);
    const to = (await subscriptionOf(client)).to as string;

    const down = await client.post('/api/billing/plan-change', { plan: 'standard' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.subscription).toMatchObject({
      plan: { slug: 'agency' },
      pendingChange: { plan: { slug: 'standard' }, effectiveAt: to },
    });
    expect(fake.requests.findLast((r) => r.path === '/v1/subscription_schedules')!.form).toEqual({
      from_subscription: subscriptionId,
    });
    const scheduleId = fake.subscriptions.get(subscriptionId)!.schedule!;
    const phases = fake.requests.findLast((r) => r.path === `/v1/subscription_schedules/${scheduleId}`)!.form;
    expect(phases).toMatchObject({
      end_behavior: 'release',
      phases: [
        { start_date: expect.any(String), end_date: String(Date.parse(to) / 1000), items: [{ quantity: '1' }] },
        {
          items: [{ price_data: { product: 'plan_standard', unit_amount: '5900', recurring: { interval: 'month' } } }],
          duration: { interval: 'month', interval_count: '1' },
          metadata: { planSlug: 'standard', interval: 'month' },
        },
      ],
    });

    const kept = await client.delete('/api/billing/plan-change');
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ plan: { slug: 'agency' }, pendingChange: null });
    expect(fake.schedules.get(scheduleId)!.status).toBe('released');

    expect((await client.post('/api/billing/plan-change', { plan: 'organic' })).status).toBe(200);
    await deliverAll(fake.endPeriod(subscriptionId));
    expect(await subscriptionOf(client)).toMatchObject({ plan: { slug: 'organic' }, pendingChange: null });
    expect(((await client.get('/api/billing/invoices')).body as { amount: number }[])[0]!.amount).toBe(2900);

    // The schedule stays on the subscription for the lower plan's first period: a cancel releases it first.
    expect(fake.subscriptions.get(subscriptionId)!.schedule).not.toBeNull();
    expect((await client.post('/api/billing/cancel')).status).toBe(200);
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ schedule: null, cancelAtPeriodEnd: true });
  });

  it('two changes at once: one reaches Stripe, one is told to wait, one charge', async () => {
    const { client, subscriptionId } = await paying('stripe-change-race');
    const answers = await Promise.all([
      client.post('/api/billing/plan-change', { plan: 'standard' }),
      client.post('/api/billing/plan-change', { plan: 'agency' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(billingMessages.changeInProgress);
    expect(updates(subscriptionId)).toHaveLength(1);
    expect((await client.get('/api/billing/invoices')).body).toHaveLength(3);
  });
});
