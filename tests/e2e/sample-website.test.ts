import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { screenshot, signIn, useBrowser, useOwnRuntime, verifiedAccount } from './support';

/**
 * A fresh `npm start` with nothing configured: onboarding offers the runtime's sample website,
 * reads it into an overview, and the SEO report audits it to the end, all without a website of
 * one's own or an environment variable (the runtime is started with none of the suite's).
 */
describe('the sample website of a fresh runtime', () => {
  useOwnRuntime();
  const browser = useBrowser();

  it('is read in onboarding and audited by the SEO report', async () => {
    const account = await verifiedAccount('Newcomer');
    const { page, url, context } = await openSession(browser());
    context.setDefaultTimeout(30_000);
    await signIn(page, url, account);

    await page.goto(url('/dashboard/onboard'));
    const website = page.getByLabel('Website');
    await page.getByRole('button', { name: 'Use the sample bakery website' }).click();
    expect(await website.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'onboarding');
    await page.getByRole('button', { name: 'Read my website' }).click();

    const name = page.getByLabel('Business name');
    await name.waitFor({ timeout: 60_000 });
    expect(await name.inputValue()).toBe('Harbourside Sourdough');
    expect(await page.getByLabel('Location 1', { exact: true }).inputValue()).toContain('Bristol');
    await page.getByRole('button', { name: 'Save overview' }).click();
    await page.getByRole('button', { name: 'Write my ideal customers' }).waitFor();

    // The first visit to the report starts the company's first audit; it finishes on its own.
    await page.goto(url('/seo-report'));
    await page.getByRole('heading', { name: 'Overall Score' }).waitFor({ timeout: 90_000 });
    const note = await page.locator('.seo-card--score .seo-card__note').textContent();
    expect(Number(/(\d+) pages checked/.exec(note ?? '')?.[1])).toBeGreaterThanOrEqual(8);
    // Its planted defects are found: the link to a page that is gone, the image without alt text.
    expect(
      Number(await page.locator('.seo-card', { hasText: 'Errors Found' }).locator('.seo-card__value').textContent()),
    ).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'seo-report');
  }, 240_000);
});

const shot = (page: Page, name: string) => screenshot(page, `sample-website-${name}`, { fullPage: true });
