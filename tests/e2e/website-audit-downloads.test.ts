import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { pageApi } from './page-api';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * The website audit's Download report and Generate sitemap dialogs in Chromium, on a finished
 * audit of the small clean test site (a few seconds to crawl): each dialog opened from the
 * audit's header, axe-clean, seen at 1366 and 390 px, and used to the end (a file offered with
 * its download address). What is in the files is the integration test's to check.
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

describe('the website audit downloads', () => {
  const browser = useBrowser();

  it('offers the report as a file and a sitemap, from dialogs that work at both widths', async () => {
    const account = await verifiedAccount('AuditDownloads');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP });
    await signIn(page, url, account);
    const patch = await page.request.fetch(`${appUrl()}/api/company/company`, {
      method: 'PATCH',
      data: { website: site.origin },
      headers: { origin: appUrl() },
    });
    expect(patch.status()).toBe(200);
    // The first visit starts the audit; wait for it to finish.
    await expect
      .poll(async () => (await pageApi<{ is_finished: boolean }>(page, 'GET', '/api/seo/report')).is_finished, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(true);

    await page.goto(url('/seo-report/overview'));
    await page.getByRole('heading', { name: 'Health Score', exact: true }).waitFor();

    // Download report: the options, then the file offered.
    await page.getByRole('button', { name: 'Download report' }).click();
    const report = page.getByRole('dialog', { name: 'Download report' });
    await report.getByRole('checkbox', { name: 'Pages with no issues' }).check();
    await report.getByRole('radio', { name: /Excel \(XLSX\), up to 10,000 rows/ }).check();
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-download-report-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'audit-download-report-390');
    await page.setViewportSize(DESKTOP);
    await report.getByRole('button', { name: 'Prepare file' }).click();
    const file = report.getByRole('link', { name: 'Download file' });
    await file.waitFor();
    await report.getByText('Your report is ready').waitFor();
    await report.getByText(/-audit-\d{4}-\d{2}-\d{2}\.xlsx/).waitFor();
    const href = await file.getAttribute('href');
    const xlsx = await page.request.get(href ?? '');
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-download-ready-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'audit-download-ready-390');
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');
    await report.waitFor({ state: 'detached' });

    // Generate sitemap: priority and change frequency per depth, a day of one's choice.
    await page.getByRole('button', { name: 'Generate sitemap' }).click();
    const sitemap = page.getByRole('dialog', { name: 'Generate sitemap' });
    await sitemap.getByRole('combobox', { name: 'Depth 1: priority' }).selectOption('0.7');
    await sitemap.getByRole('radio', { name: 'A day of my choice' }).check();
    await sitemap.getByLabel('Last-modified day').fill('2026-01-15');
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-sitemap-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'audit-sitemap-390');
    // Nothing in the dialog sticks out of a phone's screen.
    const panel = await sitemap.locator('.dialog__panel').boundingBox();
    expect((panel?.x ?? 0) + (panel?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
    await sitemap.getByRole('button', { name: 'Generate sitemap' }).click();
    await sitemap.getByText('Your sitemap is ready').waitFor();
    const xml = await page.request.get(
      (await sitemap.getByRole('link', { name: 'sitemap.xml' }).getAttribute('href')) ?? '',
    );
    const text = await xml.text();
    expect(text).toContain(`<loc>${site.origin}/about/</loc>`);
    expect(text).toContain('<priority>0.7</priority>');
    expect(text).toContain('<lastmod>2026-01-15</lastmod>');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-sitemap-ready-1366');
  });
});
