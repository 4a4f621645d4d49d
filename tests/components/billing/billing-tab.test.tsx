import { billingContracts } from '@shared/contracts/billing';
import { planSchema, type Invoice, type Plan } from '@shared/schemas/billing';
import { subscriptionSchema, type Subscription } from '@shared/schemas/subscription';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BillingTab } from '@/features/billing/components/billing-tab';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const plan = (slug: Plan['slug'], name: string, cents: number): Plan =>
  planSchema.parse({
    slug,
    name,
    description: `${name} plan`,
    isVisible: true,
    canActivate: slug !== 'free',
    trialDays: slug === 'organic' ? 14 : 0,
    prices: cents ? [{ interval: 'month', amount: cents }] : [],
  });
const plans = [
  plan('free', 'Free', 0),
  plan('standard', 'Standard', 1900),
  plan('organic', 'Organic', 2900),
  plan('agency', 'Agency', 9900),
];
const subscription = (overrides: Partial<Subscription> = {}): Subscription =>
  subscriptionSchema.parse({
    plan: { slug: 'organic', name: 'Organic' },
    interval: 'month',
    status: 'active',
    trialEnd: null,
    to: '2030-02-01T00:00:00.000Z',
    autoRenewal: true,
    canCancel: true,
    isCancelled: false,
    isPaid: true,
    pendingChange: null,
    ...overrides,
  });
const free = subscription({
  plan: { slug: 'free', name: 'Free' },
  interval: null,
  status: 'free',
  to: null,
  autoRenewal: false,
  canCancel: false,
  isPaid: false,
});
const invoice: Invoice = {
  number: 'INV-0042',
  date: '2030-01-01T00:00:00.000Z',
  amount: 2900,
  link: 'https://pay.example/i/42',
};

const open = (answers?: (api: FakeApi) => void, options: { fakeTimers?: boolean } = {}) =>
  renderPage(<BillingTab />, {
    ...options,
    answers: (api) => {
      signedIn(api);
      api
        .on(billingContracts.subscription, ok(subscription()))
        .on(billingContracts.plans, ok(plans))
        .on(billingContracts.invoices, ok([invoice]));
      answers?.(api);
    },
  });
const preview = (change: 'upgrade' | 'downgrade', slug: Plan['slug'], name: string, amountDue: number) => ({
  plan: { slug, name },
  change,
  amountDue,
  effectiveAt: change === 'upgrade' ? '2030-01-15T00:00:00.000Z' : '2030-02-01T00:00:00.000Z',
  prorationDate: 1_894_000_000,
});

describe('Settings > billing, plan change', () => {
  it('prices an upgrade first, says what is paid now, and changes nothing when the user keeps the plan', async () => {
    const { user, api } = open((api) =>
      api.on(billingContracts.previewPlanChange, ok(preview('upgrade', 'agency', 'Agency', 7000))),
    );
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Agency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Agency?' });
    expect(api.sent(billingContracts.previewPlanChange).map((r) => r.query.get('plan'))).toEqual(['agency']);
    expect(
      within(dialog).getByText(
        "You pay $70.00 now, the difference for the rest of this period, then $99.00 a month from 1 Feb 30. Agency's features open at once.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Organic' }));
    expect(api.sent(billingContracts.changePlan)).toEqual([]);
  });

  it('changes at the price shown, holding every plan button while it waits, then asks billing again now and after 3 s', async () => {
    const answer = held();
    const { user, api } = open(
      (api) =>
        api
          .on(billingContracts.previewPlanChange, ok(preview('upgrade', 'agency', 'Agency', 7000)))
          .on(billingContracts.changePlan, async () => {
            await answer.promise;
            return ok({
              subscription: subscription({ plan: { slug: 'agency', name: 'Agency' } }),
              message: 'You are now on Agency.',
            });
          }),
      { fakeTimers: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Agency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Agency?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $70.00' }));
    expect(api.bodies(billingContracts.changePlan)).toEqual([{ plan: 'agency', prorationDate: 1_894_000_000 }]);
    expect(screen.getByRole('button', { name: 'Upgrade to Agency' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Downgrade to Standard' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('You are now on Agency.')).toBeTruthy();
    const asked = () => api.sent(billingContracts.invoices).length;
    const before = asked();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(asked()).toBeGreaterThan(before);
  });

  it('says when a downgrade starts and that nothing is charged now', async () => {
    const { user } = open((api) =>
      api
        .on(billingContracts.subscription, ok(subscription({ plan: { slug: 'agency', name: 'Agency' } })))
        .on(billingContracts.previewPlanChange, ok(preview('downgrade', 'organic', 'Organic', 0))),
    );
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Organic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Organic?' });
    expect(
      within(dialog).getByText(
        'You keep Agency until 1 Feb 30. Then Organic starts, at $29.00 a month. Nothing is charged now.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Downgrade' })).toBeTruthy();
  });

  it("shows the server's refusal of the preview and opens no dialog", async () => {
    const { user } = open((api) =>
      api.on(
        billingContracts.previewPlanChange,
        failure(409, 'A plan change is already under way. Wait a moment and try again.'),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Agency' }));
    expect(await screen.findByText('A plan change is already under way. Wait a moment and try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Upgrade to Agency?' })).toBeNull();
  });

  it('activates a plan with its slug and a monthly interval, holding the button, and shows the message', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(billingContracts.subscription, ok(free)).on(billingContracts.upgrade, async () => {
        await answer.promise;
        return ok({ message: 'Your trial of Organic has started.' });
      }),
    );
    expect(await screen.findByText('14-day free trial')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Activate Organic' }));
    expect(api.bodies(billingContracts.upgrade)).toEqual([{ plan: 'organic', interval: 'month' }]);
    expect(screen.getByRole('button', { name: 'Activate Agency' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Your trial of Organic has started.')).toBeTruthy();
  });
});

describe('Settings > billing, tables and states', () => {
  it('lists invoices with Number, Date, Amount in dollars and a View Invoice link', async () => {
    open();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Date', 'Amount', 'Invoice']);
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['INV-0042', '1 Jan 30', '$29.00']);
    expect(
      within(table)
        .getByRole('link', { name: /View Invoice/ })
        .getAttribute('href'),
    ).toBe(invoice.link);
  });

  it('says when there are no invoices yet', async () => {
    open((api) => api.on(billingContracts.invoices, ok([])));
    expect(await screen.findByText('No invoices yet. They appear here once a plan is paid.')).toBeTruthy();
  });

  it('shows a spinner while loading and the failure of any of its calls', async () => {
    const answer = held();
    open((api) =>
      api.on(billingContracts.plans, async () => {
        await answer.promise;
        return failure(500, 'Something broke on our side.');
      }),
    );
    expect(await screen.findByRole('status', { name: 'Loading billing' })).toBeTruthy();
    answer.release();
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
  });
});
