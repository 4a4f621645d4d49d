import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { pageApi } from './page-api';
import {
  confirmDialog,
  DESKTOP,
  payForPlan,
  screenshot,
  signIn,
  untilLoaded,
  useBrowser,
  useOwnRuntime,
  verifiedAccount,
} from './support';

/**
 * The billing journey in Chromium: a free company activates a plan through the payment
 * simulation, sees the plan active and its invoice, cancels, and reads that it will not renew.
 * Every state is checked with axe (screenshots for review with E2E_SCREENSHOTS set).
 */
async function noViolations(page: Page, name: string) {
  await untilLoaded(page);
  // Toasts are the toast library's and scanned by the accessibility suite; this scans the page.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
  await screenshot(page, `billing-${name}`, { fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

const planCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

describe('billing', () => {
  const browser = useBrowser();

  it('a free company upgrades through the payment simulation, sees the plan and invoice, cancels, and it will not renew', async () => {
    const owner = await verifiedAccount('Payer');
    // bypassCSP lets axe's script in (the app's CSP is script-src 'self').
    const { page, url } = await openSession(browser(), { viewport: DESKTOP, bypassCSP: true });
    await signIn(page, url, owner);

    await page.goto(url('/settings/billing'));
    await page.getByRole('heading', { name: 'Plan & Usage' }).waitFor();
    await page.getByText(messages.noPlanWarning).waitFor();
    // Only the monthly price, in dollars; a plan without one is FREE; hidden plans are not listed.
    await expect.poll(() => planCard(page, 'Organic').getByText('$29.00').count()).toBe(1);
    expect(await planCard(page, 'Free').getByText('FREE', { exact: true }).count()).toBe(1);
    expect(await planCard(page, 'Agency').getByText('$149.00').count()).toBe(1);
    expect(await page.getByRole('listitem', { name: 'Founders Club' }).count()).toBe(0);
    expect(
      await planCard(page, 'Free')
        .getByRole('button', { name: /Activate/ })
        .count(),
    ).toBe(0);
    await page.getByRole('cell', { name: /No invoices yet/ }).waitFor();
    await noViolations(page, 'free');

    await page.getByRole('button', { name: 'Activate Organic' }).click();
    await page.waitForURL((u) => u.pathname === '/payment-simulation');
    expect(new URL(page.url()).searchParams.get('session_id')).toMatch(/^cs_sim_/);
    await page.getByRole('heading', { name: 'Please wait while we process your fake payment...' }).waitFor();
    await noViolations(page, 'payment-simulation');

    // Back to billing after 5 s, with the plan the webhook recorded.
    await page.waitForURL((u) => u.pathname === '/settings/billing', { timeout: 15_000 });
    await planCard(page, 'Organic').getByText('Current plan').waitFor();
    await page.locator('.plan-usage__name', { hasText: 'Organic' }).getByText('Trial').waitFor();
    await page.getByText(/Your free trial runs until .+, then renews automatically\./).waitFor();
    expect(await page.getByText(messages.noPlanWarning).count()).toBe(0);
    const invoiceRow = page.getByRole('row', { name: /SIM-\d{4}/ });
    await invoiceRow.waitFor();
    expect(await invoiceRow.getByRole('cell').nth(2).textContent()).toBe('$0.00');
    const invoiceLink = invoiceRow.getByRole('link', { name: /View Invoice/ });
    expect(await invoiceLink.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoices\/in_sim_/);
    await noViolations(page, 'subscribed');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await confirmDialog(page).getByRole('heading', { name: 'Cancel your Organic subscription?' }).waitFor();
    await noViolations(page, 'cancel-dialog');
    await confirmDialog(page).getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/Your subscription is cancelled and will not renew\. It stays active until/).waitFor();
    await page.locator('.plan-usage__name').getByText('Cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await noViolations(page, 'cancelled');
  });

  it('a call answered 402 opens the upgrade prompt, whose Upgrade goes to billing settings', async () => {
    const owner = await verifiedAccount('Gated');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP, bypassCSP: true });
    await signIn(page, url, owner);
    await page.goto(url('/settings/billing'));
    await page.getByRole('button', { name: 'Activate Organic' }).waitFor();
    // The gate answers as the API does for any gated call without a paid plan.
    await page.route('**/api/billing/upgrade', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ message: messages.upgradeRequired, code: 'UPGRADE_REQUIRED' }),
      }),
    );
    await page.getByRole('button', { name: 'Activate Organic' }).click();
    const prompt = page.getByRole('dialog', { name: 'Upgrade to a paid plan' });
    await prompt.getByText(messages.upgradeRequired).waitFor();
    await noViolations(page, 'upgrade-prompt');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'detached' });

    // Any call of the app's client opens it, wherever the user is: here the profile save.
    await page.goto(url('/settings/user'));
    await page.getByLabel('First name').waitFor();
    await page.route('**/api/auth/profile', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 402,
            contentType: 'application/json',
            body: JSON.stringify({ message: messages.upgradeRequired, code: 'UPGRADE_REQUIRED' }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await prompt.getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/billing');
    await prompt.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Plan & Usage' }).waitFor();
  });
});

describe('changing plan', () => {
  // The provider's periods follow the runtime's clock, moved here to end the trial: a runtime of its own.
  useOwnRuntime();
  const browser = useBrowser();

  it('upgrades now for the prorated amount shown, then downgrades at the period end and takes it back', async () => {
    const owner = await verifiedAccount('Changer');
    const { page, url } = await openSession(browser(), { viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await signIn(page, url, owner);
    await payForPlan(page);
    // The trial ends by the provider's clock: a trial prorates to nothing, a paid period does not.
    const moved = await fetch(`${appUrl()}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl() },
      body: JSON.stringify({ advanceSeconds: 8 * 86400 }),
    });
    expect(moved.status).toBe(200);
    await expect
      .poll(async () => (await pageApi<{ status: string }>(page, 'GET', '/api/billing/subscription')).status, {
        timeout: 15_000,
      })
      .toBe('active');

    await page.goto(url('/settings/billing'));
    await planCard(page, 'Organic').getByText('Current plan').waitFor();
    // With a running subscription the other plans offer a change, not a second checkout.
    expect(await page.getByRole('button', { name: /^Activate/ }).count()).toBe(0);
    expect(await planCard(page, 'Organic').getByRole('button').count()).toBe(0);
    await planCard(page, 'Agency').getByRole('button', { name: 'Upgrade to Agency' }).waitFor();
    await noViolations(page, 'change-plans');

    await page.getByRole('button', { name: 'Upgrade to Standard' }).click();
    const dialog = confirmDialog(page);
    await dialog.getByRole('heading', { name: 'Upgrade to Standard?' }).waitFor();
    const text = (await dialog.textContent()) ?? '';
    const charged = /You pay (\$\d+\.\d\d) now, the difference for the rest of this period, then \$59\.00 a month/.exec(
      text,
    )?.[1];
    expect(charged, text).toBeDefined();
    await noViolations(page, 'upgrade-dialog');
    await dialog.getByRole('button', { name: `Pay ${charged}`, exact: true }).click();
    await page.getByText('You are now on Standard.').waitFor();
    await planCard(page, 'Standard').getByText('Current plan').waitFor();
    // The charge is an invoice of exactly the amount shown.
    await page.getByRole('cell', { name: charged, exact: true }).waitFor();
    await noViolations(page, 'upgraded');

    await page.getByRole('button', { name: 'Downgrade to Organic' }).click();
    await dialog.getByRole('heading', { name: 'Downgrade to Organic?' }).waitFor();
    const downText = (await dialog.textContent()) ?? '';
    const date =
      /You keep Standard until (.+?)\. Then Organic starts, at \$29\.00 a month\. Nothing is charged now\./.exec(
        downText,
      )?.[1];
    expect(date, downText).toBeDefined();
    await noViolations(page, 'downgrade-dialog');
    await dialog.getByRole('button', { name: 'Downgrade', exact: true }).click();
    await page.getByText(`Your plan changes to Organic on ${date}. Standard stays until then.`).waitFor();
    await planCard(page, 'Organic').getByText(`Starts ${date}`).waitFor();
    await planCard(page, 'Standard').getByText('Current plan').waitFor();
    await noViolations(page, 'downgrade-pending');
    await page.setViewportSize({ width: 390, height: 844 });
    await noViolations(page, 'downgrade-pending-390');
    await page.getByRole('button', { name: 'Upgrade to Agency' }).click();
    await dialog.getByRole('heading', { name: 'Upgrade to Agency?' }).waitFor();
    await noViolations(page, 'upgrade-dialog-390');
    await dialog.getByRole('button', { name: 'Keep Standard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Keep Standard' }).click();
    await page.getByText('The plan change is cancelled. Standard renews as before.').waitFor();
    await page.getByText(/Your subscription renews automatically on /).waitFor();
    await page.getByRole('button', { name: 'Downgrade to Organic' }).waitFor();
    expect(await page.getByText(/Your plan changes to/).count()).toBe(0);
  });
});
