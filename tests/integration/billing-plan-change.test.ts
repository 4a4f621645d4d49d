import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionRefusal } from '@shared/permissions';
import { billingMessages } from '@shared/schemas/billing';
import { signedInUser, teammate, type TestClient } from '../support/api-client';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';
import { eventually, signedInUserAt } from '../support/test-site-runtime';

/**
 * Changing plan with the simulated provider, on a runtime of this file's own: the provider's
 * periods follow the dev clock (POST /api/dev/clock), so moving it ends trials, renews, and
 * brings a scheduled downgrade into effect, which other files' tests must not feel. Up is now,
 * with the prorated difference invoiced at once; down is at the period end, and can be taken back.
 */
let runtime: RuntimeProcess;

beforeAll(async () => {
  runtime = await startRuntimeBesideSuite();
}, 120_000);
afterAll(() => runtime.stop());

const DAY = 86400;

async function moveClock(seconds: number) {
  const moved = await fetch(`${runtime.url}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: runtime.url },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(moved.status).toBe(200);
}

const subscriptionOf = async (client: TestClient) => (await client.get('/api/billing/subscription')).body;
const invoicesOf = async (client: TestClient) =>
  (await client.get('/api/billing/invoices')).body as { number: string; amount: number }[];

/** Organic through the payment simulation, as the browser pays: a 7-day trial. */
async function subscribe(client: TestClient, plan = 'organic') {
  const upgrade = await client.post('/api/billing/upgrade', { plan, interval: 'month' });
  expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
  const sessionId = new URL(upgrade.body.redirectUrl).searchParams.get('session_id');
  expect((await client.post('/api/billing/simulation/checkout', { sessionId })).status).toBe(204);
  await eventually(
    () => subscriptionOf(client),
    (s) => s.isPaid === true,
    'the subscription',
  );
}

/** Companies on Organic, paying (their trials ended by the clock): a trial prorates to nothing. */
async function payingCompanies(labels: string[]) {
  const users = await Promise.all(labels.map((l) => signedInUserAt(runtime.url, l)));
  for (const { client } of users) await subscribe(client);
  await moveClock(8 * DAY);
  for (const { client } of users)
    await eventually(
      () => subscriptionOf(client),
      (s) => s.status === 'active' && s.trialEnd !== null,
      'the end of the trial',
    );
  return users.map((u) => u.client);
}

describe('upgrade: now, with the prorated difference charged at once', () => {
  it('previews the amount, charges exactly it, and the higher plan is the subscription at once', async () => {
    const [client] = await payingCompanies(['up']);
    const before = await invoicesOf(client!);
    expect(before.map((i) => i.amount).sort()).toEqual([0, 2900]);

    const preview = await client!.get('/api/billing/plan-change?plan=standard');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ plan: { slug: 'standard', name: 'Standard' }, change: 'upgrade' });
    // $59 - $29 for a 30-day period that began moments ago.
    expect(preview.body.amountDue).toBeGreaterThan(2990);
    expect(preview.body.amountDue).toBeLessThanOrEqual(3000);

    const changed = await client!.post('/api/billing/plan-change', {
      plan: 'standard',
      prorationDate: preview.body.prorationDate,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe(billingMessages.upgraded('Standard'));
    // No wait for the webhook: the answer, and the next read, are the new plan.
    expect(changed.body.subscription).toMatchObject({
      plan: { slug: 'standard' },
      status: 'active',
      isPaid: true,
      pendingChange: null,
    });
    expect((await subscriptionOf(client!)).plan.slug).toBe('standard');
    const after = await invoicesOf(client!);
    expect(after).toHaveLength(3);
    expect(after.filter((i) => !before.some((b) => b.number === i.number))).toEqual([
      expect.objectContaining({ amount: preview.body.amountDue }),
    ]);
    // The provider's events come after; they apply the same invoice, not a second one.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await invoicesOf(client!)).toHaveLength(3);
  });

  it('refuses what is not a change: the same plan, a plan not on offer, a stale price, a free company', async () => {
    const [client] = await payingCompanies(['refusals']);
    const same = await client!.post('/api/billing/plan-change', { plan: 'organic' });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(billingMessages.samePlan('Organic'));
    for (const [plan, message] of [
      ['platinum', billingMessages.unknownPlan],
      ['founders-club', billingMessages.unknownPlan],
      ['free', billingMessages.cannotActivate],
    ] as const) {
      const res = await client!.get(`/api/billing/plan-change?plan=${plan}`);
      expect(res.status, plan).toBe(422);
      expect(res.body.errors).toEqual([{ path: 'plan', message }]);
    }
    const stale = await client!.post('/api/billing/plan-change', {
      plan: 'standard',
      prorationDate: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual([{ path: 'prorationDate', message: billingMessages.staleProration }]);

    const { client: free } = await signedInUserAt(runtime.url, 'free-change');
    const none = await free.post('/api/billing/plan-change', { plan: 'standard' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(billingMessages.noPlanToChange);
    expect((await free.delete('/api/billing/plan-change')).status).toBe(409);
  });
});

describe('downgrade: at the end of the period', () => {
  it('keeps the plan until the period ends, says when, can be taken back, then takes effect by the clock', async () => {
    const [client] = await payingCompanies(['down']);
    expect((await client!.post('/api/billing/plan-change', { plan: 'agency' })).status).toBe(200);
    const invoices = (await invoicesOf(client!)).length;
    const sub = await subscriptionOf(client!);

    const preview = await client!.get('/api/billing/plan-change?plan=standard');
    expect(preview.body).toMatchObject({ change: 'downgrade', amountDue: 0, effectiveAt: sub.to });

    const down = await client!.post('/api/billing/plan-change', { plan: 'standard' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.message).toBe(billingMessages.downgradeScheduled('Standard'));
    expect(down.body.subscription).toMatchObject({
      plan: { slug: 'agency' },
      isPaid: true,
      autoRenewal: true,
      pendingChange: { plan: { slug: 'standard', name: 'Standard' }, effectiveAt: sub.to },
    });
    // Nothing is charged for a downgrade.
    expect(await invoicesOf(client!)).toHaveLength(invoices);
    // Asked again, it is the same wait, not a second one.
    expect(
      (await client!.post('/api/billing/plan-change', { plan: 'standard' })).body.subscription.pendingChange,
    ).toEqual(down.body.subscription.pendingChange);

    // Taken back: Agency renews as before.
    const kept = await client!.delete('/api/billing/plan-change');
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ plan: { slug: 'agency' }, pendingChange: null, autoRenewal: true });
    const again = await client!.delete('/api/billing/plan-change');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(billingMessages.noPendingChange);

    // Down to Organic this time, and the period ends.
    expect((await client!.post('/api/billing/plan-change', { plan: 'organic' })).status).toBe(200);
    // The clock moves at most 30 days at a time; the period began a few seconds ago.
    await moveClock(30 * DAY);
    await moveClock(3600);
    const renewed = await eventually(
      () => subscriptionOf(client!),
      (s) => s.plan.slug === 'organic',
      'the downgrade at the period end',
    );
    expect(renewed).toMatchObject({ status: 'active', isPaid: true, pendingChange: null, autoRenewal: true });
    expect(Date.parse(renewed.to)).toBeGreaterThan(Date.parse(sub.to));
    const renewal = await eventually(
      () => invoicesOf(client!),
      (list) => list.length === invoices + 1,
      'the renewal invoice',
    );
    // The renewal is paid at the lower plan's price.
    expect(renewal[0]).toMatchObject({ amount: 2900 });
  });

  it('cancelling drops a waiting downgrade; a cancelled subscription does not change plan', async () => {
    const [client] = await payingCompanies(['down-cancel']);
    expect((await client!.post('/api/billing/plan-change', { plan: 'standard' })).status).toBe(200);
    expect((await client!.post('/api/billing/plan-change', { plan: 'organic' })).status).toBe(200);
    const cancelled = await client!.post('/api/billing/cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ isCancelled: true, pendingChange: null });
    const refused = await client!.post('/api/billing/plan-change', { plan: 'agency' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(billingMessages.cancelledCannotChange);
  });
});

describe('two changes at once', () => {
  it('one is made and the other is told to wait: one plan, one charge', async () => {
    const [client] = await payingCompanies(['race']);
    const before = (await invoicesOf(client!)).length;
    const answers = await Promise.all([
      client!.post('/api/billing/plan-change', { plan: 'standard' }),
      client!.post('/api/billing/plan-change', { plan: 'agency' }),
      client!.post('/api/billing/plan-change', { plan: 'agency' }),
    ]);
    const made = answers.filter((a) => a.status === 200);
    expect(made, JSON.stringify(answers.map((a) => [a.status, a.body]))).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(billingMessages.changeInProgress);
    }
    const winner = made[0]!.body.subscription.plan.slug;
    await new Promise((r) => setTimeout(r, 1000));
    expect((await subscriptionOf(client!)).plan.slug).toBe(winner);
    expect(await invoicesOf(client!)).toHaveLength(before + 1);
    // Once it is done, the next change goes through.
    const next = await client!.post('/api/billing/plan-change', { plan: winner === 'agency' ? 'standard' : 'agency' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });
});

describe('who may change plan', () => {
  it('a manager or a client of the company may not (403), on the suite runtime', async () => {
    const admin = await signedInUser('plan-roles');
    for (const role of ['manager', 'client'] as const) {
      const member = await teammate(admin, role, `plan-${role}`);
      for (const res of [
        await member.client.get('/api/billing/plan-change?plan=standard'),
        await member.client.post('/api/billing/plan-change', { plan: 'standard' }),
        await member.client.delete('/api/billing/plan-change'),
      ]) {
        expect(res.status, role).toBe(403);
        expect(res.body.message).toBe(permissionRefusal('billing'));
      }
    }
  });
});
