import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { confirmDialog, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * A guest link to the website audit in Chromium: a member shares two modules, a signed-out
 * browser opens the link and sees only those two (no Turned off tab, no buttons that change the
 * audit), the member revokes it and the link says it is no longer valid. axe finds nothing; the
 * guest view is looked at 1366 and 390 px wide.
 */
let site: TestSite;
beforeAll(async () => {
  for (const port of inject('sitePorts')) {
    try {
      site = await serveTestSite({ port, bare: true });
      return;
    } catch {
      // taken by another file's site: try the next allowed port
    }
  }
  throw new Error('no free site port');
});
afterAll(() => site.close());

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function expectClean(page: Page) {
  await untilLoaded(page);
  expect(await axeViolations(page)).toEqual([]);
}

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1366`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await untilLoaded(page);
  await screenshot(page, `${name}-390`, { fullPage: true });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize(DESKTOP);
}

describe('a guest link to the website audit', () => {
  const browser = useBrowser();

  it('opens only its two modules to a signed-out browser, and nothing once revoked', async () => {
    const account = await verifiedAccount('AuditShare');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP });
    await signIn(page, url, account);
    const api = (path: string, method = 'GET', data?: unknown) =>
      page.request.fetch(`${appUrl()}${path}`, { method, data, headers: { origin: appUrl() } });
    expect((await api('/api/company/company', 'PATCH', { website: site.origin })).status()).toBe(200);
    // The company's first audit, started by reading the report.
    await expect
      .poll(
        async () => ((await (await api('/api/seo/report')).json()) as { audit?: { status: string } }).audit?.status,
        {
          timeout: 90_000,
          interval: 500,
        },
      )
      .toBe('finished');

    // The member shares the Overview and the Crawled pages.
    await page.goto(url('/seo-report/overview'));
    await page.getByRole('heading', { name: 'Health Score', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share the website audit' });
    await dialog.getByRole('checkbox', { name: 'Issue report' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Crawled pages' }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByLabel('Guest link (shown only now)');
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/shared\/audit\/\d+-[\w-]+$/);
    const listed = dialog.getByRole('list', { name: 'Guest links' }).getByRole('listitem');
    await listed.filter({ hasText: 'Overview, Crawled pages' }).waitFor();
    await expectClean(page);
    await screenshot(page, 'audit-share-dialog-1366');

    // A fresh, signed-out browser: only the two modules, read-only.
    const guest = await openSession(browser(), { viewport: DESKTOP });
    await guest.page.goto(link);
    const sections = guest.page.getByRole('navigation', { name: 'Website audit sections' });
    await guest.page.getByRole('heading', { name: 'Health Score', exact: true }).waitFor();
    expect(await sections.getByRole('link').allInnerTexts()).toEqual(['Overview', 'Crawled pages']);
    expect(await guest.page.getByText('Turned off').count()).toBe(0);
    // Nothing links to a module the link does not open.
    expect(await guest.page.getByRole('link', { name: 'All issues' }).count()).toBe(0);
    expect(await guest.page.locator('a[href*="/issues"]').count()).toBe(0);
    expect(await guest.page.getByRole('button', { name: /Ignore|Turn check|Share/ }).count()).toBe(0);
    await expectClean(guest.page);
    await bothWidths(guest.page, 'audit-share-guest-overview');
    await sections.getByRole('link', { name: 'Crawled pages' }).click();
    await guest.page.locator('.audit-row').first().waitFor();
    await expectClean(guest.page);
    await bothWidths(guest.page, 'audit-share-guest-pages');
    // A module not chosen is not there, nor its Turned off tab.
    await guest.page.goto(`${link}/issues?tab=off`);
    await guest.page.getByRole('heading', { name: 'Not shared', level: 1 }).waitFor();
    expect(await guest.page.getByRole('navigation', { name: 'Issue tabs' }).count()).toBe(0);

    // Revoked: the link is no longer valid.
    await listed
      .filter({ hasText: 'Overview, Crawled pages' })
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Revoke link' }).click();
    await listed.filter({ hasText: 'Overview, Crawled pages' }).waitFor({ state: 'detached' });
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: 'This link is no longer valid', level: 1 }).waitFor();
    expect(await sections.count()).toBe(0);
    await expectClean(guest.page);
    await bothWidths(guest.page, 'audit-share-guest-revoked');
  });
});
