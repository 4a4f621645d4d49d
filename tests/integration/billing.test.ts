import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@shared/messages';
import { billingMessages } from '@shared/schemas/billing';
import { DomainError } from '../../functions/core/errors';
import { STATUS_OF } from '../../functions/core/http/middleware/error-responder';
import { requirePaidPlan } from '../../functions/core/billing/paid-plan';
import { signedInUser, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * Billing on the embedded runtime, whose provider is the simulated one: the same routes, the
 * same webhook path and the same checks as with Stripe (billing-stripe.test.ts), through the
 * payment sandbox's checkout.
 */
let sandboxOrigin = '';
beforeAll(() => {
  const runtime = inject('runtime');
  useSuiteRuntimeEnv();
  const { port } = JSON.parse(readFileSync(join(runtime.dataDir, 'payment-sandbox.json'), 'utf8')) as { port: number };
  sandboxOrigin = `http://127.0.0.1:${port}`;
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} never happened; last: ${JSON.stringify(last)}`);
}

const subscriptionOf = async (client: TestClient) => (await client.get('/api/billing/subscription')).body;

/** Upgrade, then pay on the simulation page as the browser does. */
async function subscribe(client: TestClient, plan = 'organic') {
  const upgrade = await client.post('/api/billing/upgrade', { plan, interval: 'month' });
  expect(upgrade.status).toBe(200);
  const sessionId = new URL(upgrade.body.redirectUrl).searchParams.get('session_id');
  expect((await client.post('/api/billing/simulation/checkout', { sessionId })).status).toBe(204);
  return eventually(
    () => subscriptionOf(client),
    (s) => s.isPaid === true,
    'the subscription',
  );
}

describe('plans', () => {
  it('lists only visible plans, with prices in cents per interval', async () => {
    const { client } = await signedInUser('plans');
    const res = await client.get('/api/billing/plans');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['free', 'organic', 'standard', 'agency']);
    expect(res.body.find((p: { slug: string }) => p.slug === 'organic')).toEqual({
      slug: 'organic',
      name: 'Organic',
      description: expect.any(String),
      isVisible: true,
      canActivate: true,
      trialDays: 7,
      prices: [
        { interval: 'month', amount: 2900 },
        { interval: 'year', amount: 29000 },
      ],
    });
    expect(res.body.find((p: { slug: string }) => p.slug === 'free')).toMatchObject({ canActivate: false });
  });

  it('needs a signed-in user', async () => {
    const { TestClient } = await import('../support/api-client');
    expect((await new TestClient().get('/api/billing/plans')).status).toBe(401);
  });
});

describe('a company on the free plan', () => {
  it('has the free plan, no invoices, and nothing to cancel or manage', async () => {
    const { client } = await signedInUser('free');
    expect(await subscriptionOf(client)).toEqual({
      plan: { slug: 'free', name: 'Free' },
      interval: null,
      status: 'free',
      trialEnd: null,
      to: null,
      autoRenewal: false,
      canCancel: false,
      isCancelled: false,
      isPaid: false,
      pendingChange: null,
    });
    expect((await client.get('/api/billing/invoices')).body).toEqual([]);
    const cancel = await client.post('/api/billing/cancel');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(billingMessages.nothingToCancel);
    const portal = await client.post('/api/billing/portal');
    expect(portal.status).toBe(409);
    expect(portal.body.message).toBe(billingMessages.noPaymentDetails);
  });

  it('is refused a gated call: 402 UPGRADE_REQUIRED with the spec sentence', async () => {
    const { companyId } = await signedInUser('gate');
    const error = await requirePaidPlan(companyId).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'upgrade-required',
      code: 'UPGRADE_REQUIRED',
      message: messages.upgradeRequired,
    });
    expect(STATUS_OF[(error as DomainError).kind]).toBe(402);
    expect(messages.upgradeRequired).toBe('In order to execute, you need to upgrade to the paid version.');
  });

  it('cannot activate an unknown, hidden or free plan, nor an interval the plan has no price for (422)', async () => {
    const { client } = await signedInUser('bad-upgrade');
    const cases: [unknown, string, string][] = [
      [{ plan: 'platinum', interval: 'month' }, 'plan', billingMessages.unknownPlan],
      [{ plan: 'founders-club', interval: 'month' }, 'plan', billingMessages.unknownPlan],
      [{ plan: 'free', interval: 'month' }, 'plan', billingMessages.cannotActivate],
      [{ plan: 'organic', interval: 'fortnight' }, 'interval', billingMessages.unknownInterval],
      [{ plan: 'organic', interval: 'day' }, 'interval', billingMessages.noPriceForInterval],
      [{ interval: 'month' }, 'plan', billingMessages.unknownPlan],
    ];
    for (const [body, path, message] of cases) {
      const res = await client.post('/api/billing/upgrade', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual([{ path, message }]);
    }
    expect((await subscriptionOf(client)).status).toBe('free');
  });
});

describe('upgrade through the payment simulation', () => {
  it('redirects to /payment-simulation; paying there gives a real subscription and a numbered invoice', async () => {
    const { client } = await signedInUser('upgrade');
    const upgrade = await client.post('/api/billing/upgrade', { plan: 'organic', interval: 'month' });
    expect(upgrade.status).toBe(200);
    const redirect = new URL(upgrade.body.redirectUrl);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${inject('runtime').url}/payment-simulation`);
    expect(redirect.searchParams.get('session_id')).toMatch(/^cs_sim_/);
    // Nothing changes until the payment is made.
    expect((await subscriptionOf(client)).status).toBe('free');

    expect(
      (await client.post('/api/billing/simulation/checkout', { sessionId: redirect.searchParams.get('session_id') }))
        .status,
    ).toBe(204);
    const sub = await eventually(
      () => subscriptionOf(client),
      (s) => s.isPaid === true,
      'the subscription',
    );
    expect(sub).toMatchObject({
      plan: { slug: 'organic', name: 'Organic' },
      interval: 'month',
      status: 'trialing',
      autoRenewal: true,
      canCancel: true,
      isCancelled: false,
    });
    expect(Date.parse(sub.trialEnd)).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(sub.to).toBe(sub.trialEnd);

    const invoices = await eventually(
      () => client.get('/api/billing/invoices').then((r) => r.body),
      (list) => list.length === 1,
      'the invoice',
    );
    expect(invoices[0]).toEqual({
      number: expect.stringMatching(/^SIM-\d{4}$/),
      date: expect.any(String),
      amount: 0,
      link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/invoices\/in_sim_/),
    });
    const invoicePage = await fetch(invoices[0].link);
    expect(await invoicePage.text()).toContain(`Invoice ${invoices[0].number}`);
    // Paying twice (a reload of the simulation page) changes nothing.
    expect(
      (await client.post('/api/billing/simulation/checkout', { sessionId: redirect.searchParams.get('session_id') }))
        .status,
    ).toBe(204);
    await new Promise((r) => setTimeout(r, 500));
    expect((await client.get('/api/billing/invoices')).body).toHaveLength(1);
  });

  it("another company's member cannot pay (or even see) a checkout that is not theirs", async () => {
    const owner = await signedInUser('checkout-owner');
    const stranger = await signedInUser('checkout-stranger');
    const upgrade = await owner.client.post('/api/billing/upgrade', { plan: 'standard', interval: 'month' });
    const sessionId = new URL(upgrade.body.redirectUrl).searchParams.get('session_id');
    const res = await stranger.client.post('/api/billing/simulation/checkout', { sessionId });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(billingMessages.checkoutNotFound);
    await new Promise((r) => setTimeout(r, 300));
    expect((await subscriptionOf(stranger.client)).status).toBe('free');
    expect((await subscriptionOf(owner.client)).status).toBe('free');
  });

  it('a subscribed company is told so, cannot start a second plan, and reaches its portal', async () => {
    const { client, companyId } = await signedInUser('subscribed');
    await subscribe(client);
    await expect(requirePaidPlan(companyId)).resolves.toBeUndefined();

    const again = await client.post('/api/billing/upgrade', { plan: 'organic', interval: 'month' });
    expect(again).toMatchObject({ status: 200, body: { message: billingMessages.alreadySubscribed('Organic') } });
    const other = await client.post('/api/billing/upgrade', { plan: 'agency', interval: 'month' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(billingMessages.otherSubscriptionLive('Organic'));

    const portal = await client.post('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.redirectUrl).toMatch(new RegExp(`^${sandboxOrigin}/portal/bps_sim_`));
    expect(await (await fetch(portal.body.redirectUrl)).text()).toContain('Visa');
  });

  it('cancel: the plan stays until the period ends and will not renew; then the gate closes', async () => {
    const { client, companyId } = await signedInUser('cancel');
    await subscribe(client);
    const cancel = await client.post('/api/billing/cancel');
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({
      plan: { slug: 'organic' },
      isCancelled: true,
      autoRenewal: false,
      canCancel: false,
      isPaid: true,
    });
    expect((await subscriptionOf(client)).isCancelled).toBe(true);
    const twice = await client.post('/api/billing/cancel');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(billingMessages.alreadyCancelled);
    await expect(requirePaidPlan(companyId)).resolves.toBeUndefined();

    // The provider ends the period: its event reaches the webhook and the gate closes.
    const subscriptionId = await providerSubscriptionId(companyId);
    expect(
      (await fetch(`${sandboxOrigin}/__sandbox/subscriptions/${subscriptionId}/end-period`, { method: 'POST' })).status,
    ).toBe(200);
    const ended = await eventually(
      () => subscriptionOf(client),
      (s) => s.status === 'canceled',
      'the end of the subscription',
    );
    expect(ended).toMatchObject({ isPaid: false, isCancelled: true, canCancel: false, autoRenewal: false });
    await expect(requirePaidPlan(companyId)).rejects.toMatchObject({ code: 'UPGRADE_REQUIRED' });
    expect((await client.post('/api/billing/cancel')).status).toBe(409);

    // An ended subscription does not block a new one, without a second trial.
    const renewed = await subscribe(client, 'standard');
    expect(renewed).toMatchObject({ plan: { slug: 'standard' }, status: 'active', trialEnd: null });
  });

  it('a renewal adds a paid invoice of the plan price', async () => {
    const { client, companyId } = await signedInUser('renewal');
    await subscribe(client);
    const subscriptionId = await providerSubscriptionId(companyId);
    await fetch(`${sandboxOrigin}/__sandbox/subscriptions/${subscriptionId}/end-period`, { method: 'POST' });
    const invoices = await eventually(
      () => client.get('/api/billing/invoices').then((r) => r.body),
      (list) => list.length === 2,
      'the renewal invoice',
    );
    expect(invoices.map((i: { amount: number }) => i.amount).sort()).toEqual([0, 2900]);
    await eventually(
      () => subscriptionOf(client),
      (s) => s.status === 'active' && s.trialEnd !== null && Date.parse(s.to) > Date.now() + 29 * 86400_000,
      'the renewal',
    );
  });
});

describe('demo companies', () => {
  it('show a trial of a paid plan, which the demo cannot cancel and which opens the paid-plan gate', async () => {
    const { client } = await signedInUser('demo');
    const demo = await client.post('/api/company', { name: 'Demo Bakery', demo: true });
    expect(demo.status).toBe(201);
    client.cookies.set('COMPANY_ID', String(demo.body.id));
    // A trial opens every paid feature while it lasts; a demo still never reaches a platform (demo-companies.test.ts).
    await expect(requirePaidPlan(demo.body.id)).resolves.toBeUndefined();
    expect(await subscriptionOf(client)).toMatchObject({
      plan: { slug: 'agency' },
      status: 'trialing',
      isPaid: true,
      canCancel: false,
    });
    const cancel = await client.post('/api/billing/cancel');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(billingMessages.demoCannotCancel);
  });
});

describe('the webhook', () => {
  it('refuses an unsigned or wrongly signed event with 400 and applies nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_sim_x' } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${inject('runtime').url}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const unsigned = await post({});
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { message: string }).message).toBe('The webhook signature is not valid.');
    expect((await post({ 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` })).status).toBe(
      400,
    );
  });
});

/** The provider's id of a company's subscription, read from the table (the API does not show it). */
async function providerSubscriptionId(companyId: number): Promise<string> {
  const { getSubscription } = await import('../../functions/core/billing/subscription-store');
  const sub = await getSubscription(companyId);
  if (!sub?.providerSubscriptionId) throw new Error('no provider subscription');
  return sub.providerSubscriptionId;
}
