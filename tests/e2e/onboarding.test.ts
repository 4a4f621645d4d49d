import { messages } from '@shared/messages';
import { onboardingMessages } from '@shared/schemas/onboarding';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMessages } from '../../functions/core/net/fetch-errors';
import { BAKERY_HOME, serveSite, type LoopbackSite } from '../support/loopback-site';
import { axeViolations } from './axe';
import { openSession, pathOf } from './browser';
import { screenshot, signIn, useBrowser, verifiedAccount } from './support';

const shot = (page: Page, name: string) => screenshot(page, `onboarding-${name}`, { fullPage: true });

let site: LoopbackSite;
let downHits = 0;

beforeAll(async () => {
  site = await serveSite((req, res) => {
    if (req.url === '/')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BAKERY_HOME);
    if (req.url === '/down') {
      downHits += 1;
      // Slow to fail, so the job's step is on screen while the retries run: the test runtime
      // waits out the ASL's retry intervals at a twentieth of their time.
      setTimeout(() => res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Maintenance</h1>'), 1500);
      return;
    }
    res.writeHead(404).end();
  });
});

afterAll(async () => {
  await site.close();
});

describe('onboarding', () => {
  const browser = useBrowser();

  it('runs the wizard from the website to a plan, lands on the calendar onboarded, and shows the plan and profiles in settings', async () => {
    const account = await verifiedAccount('Rosa');
    const { page, url, context } = await openSession(browser());
    context.setDefaultTimeout(30_000);
    await signIn(page, url, account);

    // The dashboard prompt while not onboarded.
    const prompt = page.getByRole('region', { name: 'Set Up Marketing Plan' });
    await prompt.getByText('Step 1').waitFor();
    await prompt.getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/onboard');
    await page.getByRole('heading', { level: 1, name: 'Set Up Marketing Plan' }).waitFor();
    expect(await page.locator('.stepper__label').allTextContents()).toEqual([
      'Business Overview',
      'Ideal Customer Profile',
      'Marketing Plan',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // A private address is refused with the fetcher's sentence, on the field.
    const website = page.getByLabel('Website');
    await website.fill('http://10.0.0.1');
    await page.getByRole('button', { name: 'Read my website' }).click();
    await page.getByText(fetchMessages.privateAddress, { exact: true }).waitFor();

    // A site that stays down: the job shows its step, is retried as the ASL says, then fails with the spec's sentence.
    await website.fill(`${site.origin}/down`);
    await page.getByRole('button', { name: 'Read my website' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Reading your website' })
      .getByText('Reading your website…')
      .waitFor();
    await page.getByText(messages.jobFailed, { exact: true }).waitFor({ timeout: 60_000 });
    expect(downHits).toBe(4);

    // A site that answers 404 is a user error: the job's own sentence reaches the page, not the generic one.
    await website.fill(`${site.origin}/gone`);
    await page.getByRole('button', { name: 'Read my website' }).click();
    await page.getByText(onboardingMessages.siteError(new URL(site.origin).host, 404)).waitFor({ timeout: 60_000 });
    expect(await page.getByText(messages.jobFailed, { exact: true }).count()).toBe(0);

    // The real site: the drafted overview, edited and saved.
    await website.fill(site.origin);
    await page.getByRole('button', { name: 'Read my website' }).click();
    const name = page.getByLabel('Business name');
    await name.waitFor();
    expect(await name.inputValue()).toBe("Rosa's Sourdough Bakery");
    expect(await page.getByLabel('Business description').inputValue()).toContain('sourdough');
    expect(await page.getByLabel('Location 1', { exact: true }).inputValue()).toContain('Bristol');
    await page.getByLabel('Business description').fill('');
    await page.getByRole('button', { name: 'Save overview' }).click();
    await page.getByText('Description must be at least 80 characters long.', { exact: true }).waitFor();
    await page
      .getByLabel('Business description')
      .fill(
        'Rosa’s Sourdough Bakery bakes slow-fermented sourdough loaves, cardamom buns and celebration cakes every morning in Bristol.',
      );
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '1-overview');
    await page.getByRole('button', { name: 'Save overview' }).click();

    // Two ideal customers: approve one, remove the other; the next step appears once one is approved.
    await page.getByRole('button', { name: 'Write my ideal customers' }).click();
    const cards = page.locator('article.icp-card');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    expect(await page.getByRole('button', { name: /Continue/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Approve ideal customer 1' }).click();
    await page.getByRole('button', { name: 'Remove ideal customer 2' }).click();
    await page.getByText('Removed. Choose Back to reconsider it.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '2-icps');
    await page.getByRole('button', { name: 'Continue to your marketing plan' }).click();

    // The goal dialog, with the spec's sentences, then the plan.
    await page.getByRole('button', { name: 'Set goal and generate plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your goal for the next 12 months' });
    await dialog.getByRole('button', { name: 'Generate plan' }).click();
    await dialog.getByText(messages.goalInvalid, { exact: true }).waitFor();
    await dialog.getByText('Current revenue must be an integer.', { exact: true }).waitFor();
    await dialog.getByLabel('Goal').selectOption('CUSTOMER_INCREASE');
    await dialog.getByLabel('Customers', { exact: true }).fill('Families and offices around Gloucester Road');
    await dialog.getByLabel('Why customers choose you').fill('Bread that rests for 36 hours, baked by hand');
    await dialog.getByLabel('Current revenue (USD a year)').fill('180000');
    await dialog.getByLabel('Suggested budget (USD a month)').fill('-5');
    await dialog.getByRole('button', { name: 'Generate plan' }).click();
    await dialog.getByText('Suggested budget must not be negative.', { exact: true }).waitFor();
    await dialog.getByLabel('Suggested budget (USD a month)').fill('600');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '3-goal');
    await dialog.getByRole('button', { name: 'Generate plan' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/calendar'));

    // Onboarded, with the two profiles stored.
    const companies = (await (await context.request.get(url('/api/company'))).json()) as {
      onboarded: boolean;
      icps: { approved: boolean | null }[];
    }[];
    expect(companies[0]?.onboarded).toBe(true);
    expect(companies[0]?.icps.map((i) => i.approved)).toEqual([true, false]);

    // The plan as formatted markdown: headings per month, lists and the budget table.
    await page.goto(url('/settings/marketing-plan'));
    const plan = page.locator('.markdown');
    await plan.locator('table').first().waitFor();
    const headings = await plan.locator('h2, h3, h4').allTextContents();
    const months = headings.filter((h) =>
      /Month \d+|January|February|March|April|May|June|July|August|September|October|November|December/.test(h),
    );
    expect(months.length).toBeGreaterThanOrEqual(12);
    expect(await plan.locator('li').count()).toBeGreaterThan(12);
    expect(await plan.textContent()).not.toContain('## ');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '4-plan');

    // The profiles tab: the removed one goes back to pending.
    await page.goto(url('/settings/ideal-customer-profiles'));
    await page.getByRole('button', { name: 'Back: ideal customer 2 pending again' }).click();
    await page.getByRole('button', { name: 'Approve ideal customer 2' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '5-icp-settings');

    // Onboarded: no more prompt on the dashboard.
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Scheduled Content' }).waitFor();
    expect(await page.getByRole('region', { name: 'Set Up Marketing Plan' }).count()).toBe(0);
    expect(pathOf(page)).toBe('/');
    await context.close();
  });
});
