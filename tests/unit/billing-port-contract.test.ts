import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@shared/schemas/billing';
import {
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
} from '../../functions/core/billing/billing-port';
import { createSimulatedAdapter } from '../../functions/core/billing/simulated-adapter';
import { createStripeAdapter } from '../../functions/core/billing/stripe-adapter';
import { signPayload, startPaymentSandbox, type PaymentSandbox } from '../../infra/local/sandbox/payment-sandbox';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, FakeStripe, stripeSignature } from '../support/fake-stripe';

/**
 * One contract, two adapters: Stripe (against a loopback Stripe) and the simulated provider
 * (against the embedded runtime's payment sandbox). Both start a checkout, report the paid
 * checkout through signed events the adapter verifies, read and cancel the subscription, and
 * open the portal; both refuse a forged, unsigned or old event. Both change plan: up at once
 * with the prorated difference invoiced (once per idempotency key), down at the period end
 * through a schedule that can be released.
 */
interface Delivered {
  body: string;
  signature: string;
}
interface Driver {
  name: string;
  adapter: BillingProvider;
  appUrl: string;
  /** The customer pays the checkout; answers the events the provider sent about it. */
  pay(sessionId: string): Promise<Delivered[]>;
  /** Events the provider sent since the last call. */
  drain(): Promise<Delivered[]>;
  sign(body: string, timestamp?: number, secret?: string): string;
  /** The provider's billing reaches the period end (Stripe: a test clock; the sandbox: its hook). */
  endPeriod(subscriptionId: string): Promise<void>;
}

const plan: Plan = {
  slug: 'organic',
  name: 'Organic',
  description: '',
  isVisible: true,
  canActivate: true,
  trialDays: 7,
  prices: [{ interval: 'month', amount: 2900 }],
};

let fake: FakeStripe;
let sandbox: PaymentSandbox;
let receiver: Server;
let received: Delivered[] = [];
let appUrl = '';

beforeAll(async () => {
  fake = await new FakeStripe().start();
  // Stands in for the app's webhook route: the sandbox posts its events here.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  appUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  sandbox = await startPaymentSandbox({ appUrl, allowedReturnOrigins: [appUrl] });
});

afterAll(async () => {
  await sandbox.stop();
  await fake.stop();
  await new Promise<void>((done) => receiver.close(() => done()));
});

async function waitForEvents(count: number): Promise<Delivered[]> {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  const out = received;
  received = [];
  return out;
}

const drivers: (() => Driver)[] = [
  () => ({
    name: 'stripe',
    adapter: createStripeAdapter({
      keys: async () => ({ secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_WEBHOOK_SECRET }),
      apiBase: fake.url,
    }),
    appUrl,
    pay: async (sessionId) =>
      fake.completeCheckout(sessionId).map((e) => ({ body: e.body, signature: stripeSignature(e.body) })),
    // The fake sends no events of its own after a cancel; Stripe would: the same shape is built here.
    drain: async () => [],
    sign: (body, timestamp, secret = FAKE_WEBHOOK_SECRET) => stripeSignature(body, secret, timestamp),
    endPeriod: async (subscriptionId) => {
      fake.endPeriod(subscriptionId);
    },
  }),
  () => {
    const adapter = createSimulatedAdapter({ origin: sandbox.origin, webhookSecret: sandbox.webhookSecret });
    return {
      name: 'simulated',
      adapter,
      appUrl,
      pay: async (sessionId) => {
        received = [];
        await adapter.payCheckout(sessionId);
        return waitForEvents(3);
      },
      drain: () => waitForEvents(1),
      sign: (body, timestamp, secret = sandbox.webhookSecret) => signPayload(body, secret, timestamp),
      endPeriod: async (subscriptionId) => {
        const res = await fetch(`${sandbox.origin}/__sandbox/subscriptions/${subscriptionId}/end-period`, {
          method: 'POST',
        });
        if (!res.ok) throw new Error(`end-period answered ${res.status}`);
      },
    };
  },
];

describe.each(drivers.map((make) => ({ make })))('billing port contract', ({ make }) => {
  let d: Driver;
  let sessionId = '';
  let events: BillingEvent[] = [];
  beforeAll(() => {
    d = make();
  });

  it('starts a checkout: a session id and the address to send the browser to', async () => {
    const checkout = await d.adapter.startCheckout({
      companyId: 41,
      plan,
      interval: 'month',
      amount: 2900,
      trialDays: 7,
      customerId: null,
      successUrl: `${d.appUrl}/settings/billing`,
      cancelUrl: `${d.appUrl}/settings/billing`,
    });
    sessionId = checkout.sessionId;
    expect(sessionId).toMatch(/^cs_/);
    expect(checkout.url).toMatch(
      d.adapter.name === 'stripe' ? /^https:\/\/checkout\.stripe\.com\// : /\/payment-simulation\?session_id=cs_sim_/,
    );
  });

  it('reports the paid checkout through signed events: completion, subscription and paid invoice', async () => {
    const delivered = await d.pay(sessionId);
    events = await Promise.all(delivered.map((e) => d.adapter.parseWebhook(e.body, e.signature)));
    const completed = events.find((e) => e.kind === 'checkout-completed');
    expect(completed).toMatchObject({
      sessionId,
      companyRef: '41',
      customerId: expect.stringMatching(/^cus_/),
      subscriptionId: expect.stringMatching(/^sub_/),
    });
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['subscription-changed', 'invoice-paid']));
    const invoice = events.find((e) => e.kind === 'invoice-paid');
    expect(invoice?.kind === 'invoice-paid' && invoice.invoice).toMatchObject({
      paid: true,
      amount: 0,
      number: expect.any(String),
      link: expect.stringMatching(/^https?:\/\//),
    });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('reads the subscription: a trial of the chosen plan and interval, with its paid first invoice', async () => {
    const completed = events.find((e) => e.kind === 'checkout-completed');
    if (completed?.kind !== 'checkout-completed' || !completed.subscriptionId) throw new Error('no completion');
    const sub = await d.adapter.getSubscription(completed.subscriptionId);
    expect(sub).toMatchObject({
      id: completed.subscriptionId,
      customerId: completed.customerId,
      status: 'trialing',
      planSlug: 'organic',
      interval: 'month',
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(sub.trialEnd ?? '')).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(Date.parse(sub.currentPeriodEnd)).toBeGreaterThan(Date.now());
    expect(sub.latestInvoice).toMatchObject({ paid: true });
  });

  it('cancels at the end of the period, and says so in the subscription', async () => {
    const completed = events.find((e) => e.kind === 'checkout-completed');
    if (completed?.kind !== 'checkout-completed' || !completed.subscriptionId) throw new Error('no completion');
    const sub = await d.adapter.cancelAtPeriodEnd(completed.subscriptionId);
    expect(sub).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing' });
    expect((await d.adapter.getSubscription(completed.subscriptionId)).cancelAtPeriodEnd).toBe(true);
    for (const e of await d.drain())
      expect((await d.adapter.parseWebhook(e.body, e.signature)).kind).toBe('subscription-changed');
  });

  it("opens the portal for the company's customer", async () => {
    const completed = events.find((e) => e.kind === 'checkout-completed');
    if (completed?.kind !== 'checkout-completed' || !completed.customerId) throw new Error('no completion');
    expect(await d.adapter.portalUrl(completed.customerId, `${d.appUrl}/settings/billing`)).toMatch(/^https?:\/\/.+/);
  });

  it('refuses an event with a tampered body, another secret, no signature, or an old timestamp', async () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const tampered = body.replace('evt_1', 'evt_2');
    await expect(d.adapter.parseWebhook(tampered, d.sign(body))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(d.adapter.parseWebhook(body, d.sign(body, undefined, 'whsec_someone_else'))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(d.adapter.parseWebhook(body, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(d.adapter.parseWebhook(body, 't=1,v1=abc')).rejects.toBeInstanceOf(WebhookSignatureError);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    await expect(d.adapter.parseWebhook(body, d.sign(body, tenMinutesAgo))).rejects.toThrow(/tolerance/i);
  });

  it('ignores event types the app does not act on', async () => {
    const body = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect(await d.adapter.parseWebhook(body, d.sign(body))).toMatchObject({ id: 'evt_other', kind: 'ignored' });
  });
});

const standard: Plan = { ...plan, slug: 'standard', name: 'Standard', prices: [{ interval: 'month', amount: 5900 }] };

describe.each(drivers.map((make) => ({ make })))('billing port contract: plan change', ({ make }) => {
  let d: Driver;
  let subscriptionId = '';
  beforeAll(async () => {
    d = make();
    // No trial: a trial prorates to nothing, and the upgrade's charge is what is checked here.
    const { sessionId } = await d.adapter.startCheckout({
      companyId: 42,
      plan,
      interval: 'month',
      amount: 2900,
      trialDays: 0,
      customerId: null,
      successUrl: `${d.appUrl}/settings/billing`,
      cancelUrl: `${d.appUrl}/settings/billing`,
    });
    const delivered = await d.pay(sessionId);
    const completed = (await Promise.all(delivered.map((e) => d.adapter.parseWebhook(e.body, e.signature)))).find(
      (e) => e.kind === 'checkout-completed',
    );
    if (completed?.kind !== 'checkout-completed' || !completed.subscriptionId) throw new Error('no completion');
    subscriptionId = completed.subscriptionId;
  });

  const change = (to: Plan, key: string) => ({
    subscriptionId,
    plan: to,
    interval: 'month' as const,
    amount: to.prices[0]!.amount,
    prorationDate: Math.floor(Date.now() / 1000),
    idempotencyKey: `${key}-${subscriptionId}`,
  });

  it('upgrades now: the preview prices the rest of the period, and that amount is invoiced and paid at once', async () => {
    const up = change(standard, 'up');
    const due = await d.adapter.previewUpgrade(up);
    // $59 - $29 for a period that has only just begun.
    expect(due).toBeGreaterThan(2990);
    expect(due).toBeLessThanOrEqual(3000);
    const sub = await d.adapter.upgradeNow(up);
    expect(sub).toMatchObject({ planSlug: 'standard', status: 'active', scheduleId: null });
    expect(sub.latestInvoice).toMatchObject({ paid: true, amount: due });
    // The same change asked again (a retry) is answered, not made and charged a second time.
    const again = await d.adapter.upgradeNow(up);
    expect(again.latestInvoice?.id).toBe(sub.latestInvoice?.id);
  });

  it('refuses a proration moment outside the current period', async () => {
    const before = { ...change(standard, 'old'), prorationDate: Math.floor(Date.now() / 1000) - 90 * 86400 };
    await expect(d.adapter.previewUpgrade(before)).rejects.toThrow(/proration_date/);
  });

  it('downgrades at the period end: a schedule, the plan unchanged until then; a release drops it', async () => {
    const scheduled = await d.adapter.downgradeAtPeriodEnd(change(plan, 'down'));
    expect(scheduled).toMatchObject({ planSlug: 'standard', scheduleId: expect.stringMatching(/^sub_sched_/) });
    const released = await d.adapter.releaseSchedule(subscriptionId, scheduled.scheduleId!);
    expect(released).toMatchObject({ planSlug: 'standard', scheduleId: null });
    // Released, it cannot be released again.
    await expect(d.adapter.releaseSchedule(subscriptionId, scheduled.scheduleId!)).rejects.toThrow(/released/);
  });

  it('a downgrade asked again replaces the schedule; a cancel releases it first', async () => {
    const first = await d.adapter.downgradeAtPeriodEnd(change(plan, 'down-1'));
    const second = await d.adapter.downgradeAtPeriodEnd(change(plan, 'down-2'));
    expect(second.scheduleId).toMatch(/^sub_sched_/);
    expect(second.scheduleId).not.toBe(first.scheduleId);
    const cancelled = await d.adapter.cancelAtPeriodEnd(subscriptionId);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, scheduleId: null });
  });
});

describe.each(drivers.map((make) => ({ make })))('billing port contract: the period end', ({ make }) => {
  it('a scheduled downgrade takes effect: the lower plan, renewed at its price', async () => {
    const d = make();
    const { sessionId } = await d.adapter.startCheckout({
      companyId: 43,
      plan: standard,
      interval: 'month',
      amount: 5900,
      trialDays: 0,
      customerId: null,
      successUrl: `${d.appUrl}/settings/billing`,
      cancelUrl: `${d.appUrl}/settings/billing`,
    });
    const delivered = await d.pay(sessionId);
    const completed = (await Promise.all(delivered.map((e) => d.adapter.parseWebhook(e.body, e.signature)))).find(
      (e) => e.kind === 'checkout-completed',
    );
    if (completed?.kind !== 'checkout-completed' || !completed.subscriptionId) throw new Error('no completion');
    const id = completed.subscriptionId;
    await d.adapter.downgradeAtPeriodEnd({
      subscriptionId: id,
      plan,
      interval: 'month',
      amount: 2900,
      prorationDate: Math.floor(Date.now() / 1000),
      idempotencyKey: `end-${id}`,
    });
    expect((await d.adapter.getSubscription(id)).planSlug).toBe('standard');
    await d.endPeriod(id);
    const renewed = await d.adapter.getSubscription(id);
    expect(renewed).toMatchObject({ planSlug: 'organic', status: 'active', cancelAtPeriodEnd: false });
    expect(renewed.latestInvoice).toMatchObject({ paid: true, amount: 2900 });
  });
});

describe('the Stripe adapter on the wire', () => {
  it('asks Checkout for a subscription with the plan priced inline, the company as reference, and the trial', async () => {
    const adapter = createStripeAdapter({
      keys: async () => ({ secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_WEBHOOK_SECRET }),
      apiBase: fake.url,
    });
    await adapter.startCheckout({
      companyId: 7,
      plan: { ...plan, slug: 'agency', name: 'Agency' },
      interval: 'weekly',
      amount: 3900,
      trialDays: 0,
      customerId: 'cus_known',
      successUrl: 'http://localhost:5173/settings/billing',
      cancelUrl: 'http://localhost:5173/settings/billing',
    });
    const sent = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')?.form;
    expect(sent).toMatchObject({
      mode: 'subscription',
      client_reference_id: '7',
      customer: 'cus_known',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '3900',
            recurring: { interval: 'week' },
            product_data: { name: 'Agency' },
          },
        },
      ],
      subscription_data: { metadata: { companyId: '7', planSlug: 'agency', interval: 'weekly' } },
      success_url: 'http://localhost:5173/settings/billing',
    });
    expect((sent?.subscription_data as Record<string, unknown>).trial_period_days).toBeUndefined();
  });

  it("surfaces Stripe's refusal of a bad key as an error, not a checkout", async () => {
    const adapter = createStripeAdapter({
      keys: async () => ({ secretKey: 'sk_test_wrong', webhookSecret: FAKE_WEBHOOK_SECRET }),
      apiBase: fake.url,
    });
    await expect(adapter.portalUrl('cus_1', 'http://localhost:5173/settings/billing')).rejects.toThrow(
      /Invalid API Key/,
    );
  });
});
