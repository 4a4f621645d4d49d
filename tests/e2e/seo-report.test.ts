import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@shared/messages';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * /seo-report in Chromium: the prompts without a website, the first audit's report (score,
 * counts, categories worst first with Show/Hide, issues with how to fix, the pages one click
 * away), the free-audit warning and the upgrade prompt, then a paid recheck after fixes with
 * its "fixed since last report" and "new since last report" badges. axe finds nothing.
 */
let site: TestSite;
beforeAll(async () => {
  for (const port of inject('sitePorts')) {
    try {
      site = await serveTestSite({ port });
      return;
    } catch {
      // taken by another file's site: try the next allowed port
    }
  }
  throw new Error('no free site port');
});
afterAll(() => site.close());

const api = (page: Page, method: 'POST' | 'PATCH', path: string, data?: unknown) =>
  page.request.fetch(`${appUrl()}${path}`, { method, data, headers: { origin: appUrl() } });

async function expectNoAxeViolations(page: Page) {
  await untilLoaded(page);
  expect(await axeViolations(page)).toEqual([]);
}

describe('the SEO report page', () => {
  const browser = useBrowser();

  it('asks a company without a website to get onboarded first', async () => {
    const account = await verifiedAccount('SeoNoSite');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    await page.goto(url('/seo-report'));
    await page.getByText('Get onboarded to see your SEO report').waitFor();
    expect(await page.getByRole('link', { name: 'Set Up Marketing Plan' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // Audit settings keep this crawl to one clean page: its clean categories say so.
    const settings = await page.request.fetch(`${appUrl()}/api/seo/audit/settings`, {
      method: 'PUT',
      data: { allowPrefixes: ['/about/'] },
      headers: { origin: appUrl() },
    });
    expect(settings.status()).toBe(200);
    expect((await api(page, 'PATCH', '/api/company/company', { website: site.url('/about/') })).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Overall Score' }).waitFor({ timeout: 90_000 });
    const clean = page.locator('.seo-category', { has: page.locator('.badge--success', { hasText: 'All good' }) });
    expect(await clean.count()).toBeGreaterThan(5);
    await clean.first().getByRole('button', { name: /^Show/ }).click();
    await clean.first().getByText('No issues found').waitFor();
    await screenshot(page, 'seo-report-clean', { fullPage: true });
    await expectNoAxeViolations(page);

    // A setting that changes what an audit finds makes this report outdated: restart needed.
    const changed = await page.request.fetch(`${appUrl()}/api/seo/audit/settings`, {
      method: 'PUT',
      data: { allowPrefixes: ['/about/'], maxDepth: 2 },
      headers: { origin: appUrl() },
    });
    expect(changed.status()).toBe(200);
    await page.reload();
    const outdated = page.getByRole('status').filter({ hasText: 'This report is outdated' });
    await outdated.getByRole('button', { name: 'Restart audit' }).waitFor();
    await outdated.getByText('Your audit settings changed after this audit ran.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'seo-report-outdated');
    // On a phone the notice and its button stay within the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'seo-report-outdated-phone');
  });

  it('shows the finished report, its issues and their pages; warns when the free audit is used; compares after fixes', async () => {
    site.setVersion(1);
    const account = await verifiedAccount('SeoReport');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    expect((await api(page, 'PATCH', '/api/company/company', { website: site.origin })).status()).toBe(200);

    await page.goto(url('/seo-report'));
    await page.getByRole('heading', { level: 1, name: 'SEO Report' }).waitFor();
    // The first visit starts the first audit; until it finishes there is no report.
    await page.getByText(messages.noSeoReport).waitFor();
    await page.getByRole('heading', { name: 'Overall Score' }).waitFor({ timeout: 90_000 });

    for (const card of ['Errors Found', 'Warnings', 'Improvements']) {
      await page.getByRole('heading', { name: card }).waitFor();
    }
    await page.getByText('Last Updated').waitFor();
    await page.getByRole('button', { name: 'Check Again' }).waitFor();
    await page.getByText('Your free audit for this month is used').waitFor();

    // Categories sorted worst first: the first one holds errors.
    const categories = page.locator('.seo-category');
    const first = categories.first();
    await first.getByRole('button', { name: /^Show/ }).click();
    await first.getByText('How to fix:').first().waitFor();
    expect(await first.locator('.badge--danger').count()).toBeGreaterThan(0);
    const brokenPages = page.locator('.seo-issue', { hasText: '4xx pages' });
    if (await brokenPages.count()) {
      await brokenPages.getByRole('button', { name: /Show pages/ }).click();
      await brokenPages.getByRole('link', { name: new RegExp(`${site.origin}/missing/`) }).waitFor();
    }
    await first.getByRole('button', { name: /^Hide/ }).waitFor();

    await screenshot(page, 'seo-report', { fullPage: true });
    await expectNoAxeViolations(page);

    // A second audit this month without a paid plan: the upgrade prompt.
    await page.getByRole('button', { name: 'Check Again' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');

    // With a paid plan, after the site fixed some defects and gained one.
    // Paid once the payment provider's webhook has recorded the plan, a moment after the checkout.
    await payForPlan(page);
    site.setVersion(2);
    await page.reload();
    await page.getByRole('button', { name: 'Check Again' }).click();
    await page.getByText(/Checking .*…/).waitFor();
    await page.getByRole('button', { name: 'Check Again' }).waitFor({ timeout: 90_000 });
    await page.reload();
    const content = page.locator('.seo-category', { hasText: 'Content' });
    await content.getByRole('button', { name: /^Show/ }).click();
    await content.getByText('1 fixed since last report').first().waitFor();
    const images = page.locator('.seo-category', { hasText: 'Images' });
    await images.getByRole('button', { name: /^Show/ }).click();
    await images.getByText('1 new since last report').first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'seo-report-compared', { fullPage: true });
    site.setVersion(1);
  });
});
