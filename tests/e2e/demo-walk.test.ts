import { COMPANY_COOKIE } from '@shared/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { openZonedPage, pageApi } from './page-api';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * A fresh demo walked through its side menu in Chromium: every page shows data, none says
 * 'Not connected', 'outdated' or that the data is still being collected, and no answer of the
 * API along the way is a 402. The report, the SEO report, the business manager and the apps
 * tab are looked at 1366 and 390 pixels wide, each clean for axe; on the apps tab every app is
 * connected (the social platforms, WordPress, Google My Business and Search Console).
 */
const ZONE = 'Europe/London';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOT_ALIVE = /Not connected|outdated|We are collecting data|Subscribtion is required|upgrade to the paid version/i;

/** Every API answer of the page that asked for a paid plan it was said to have. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 402) refused.push(`${res.request().method()} ${res.url()}`);
  });
  return refused;
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await untilLoaded(page);
}

const mainText = (page: Page) => page.locator('main').innerText();

const APPS = [
  'Facebook',
  'Instagram',
  'Threads',
  'LinkedIn',
  'WordPress',
  'Google My Business',
  'Google Search Console',
];

/** The apps tab once every row's status has come: each app's switch on, Search Console's property the demo's website. */
async function appsConnected(page: Page, property: string) {
  for (const name of APPS) await page.getByRole('switch', { name: `${name} connected` }).waitFor();
  await page.locator('[data-platform="search-console"]').getByText(property, { exact: true }).waitFor();
}

describe('a fresh demo company, walked through its side menu', () => {
  const browser = useBrowser();

  it('shows data on every page: nothing unconnected, outdated or refused', async () => {
    const owner = await verifiedAccount('Walker');
    const page = await openZonedPage(browser(), ZONE, WIDE);
    const refused = watchRefusals(page);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const demo = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'Sample Bakery', demo: true });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);
    // The sample history's last step is the audits.
    await expect
      .poll(
        async () =>
          (await pageApi<{ status: string }[]>(page, 'GET', '/api/seo/audits')).filter((a) => a.status === 'finished')
            .length,
        { timeout: 90_000, interval: 500 },
      )
      .toBe(2);

    // Dashboard: followers, engagement and posts.
    await open(page, '/', /.+/);
    await page.locator('section.card', { hasText: 'Total Followers' }).locator('.metric__value').first().waitFor();
    expect(await mainText(page)).not.toMatch(NOT_ALIVE);

    // Calendar and media library.
    await open(page, `/calendar/${new Date().toISOString().slice(0, 10)}/month/list`, /.+/);
    expect(await page.getByRole('row').count()).toBeGreaterThan(5);
    await open(page, '/media', /Media/);
    await expect.poll(() => page.locator('img[alt]').count()).toBeGreaterThanOrEqual(6);

    // Reporting, on its default period (Month), whatever day of the month it is.
    await open(page, '/report', 'Reporting');
    // On the 2nd of a month its one day so far is a dot per platform, not yet a line.
    await page.locator('svg .ct-series').first().waitFor({ state: 'attached' });
    const labels = await page.locator('.ct-label.ct-vertical').allInnerTexts();
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
    expect(await mainText(page)).not.toMatch(NOT_ALIVE);
    await screenshot(page, 'demo-walk-report-1366', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // SEO report: finished, current.
    await open(page, '/seo-report', 'SEO Report');
    await page.getByText('SEO Technical Categories').waitFor();
    // Its Search Console property proved the site its own: no request to verify it.
    await page.getByText(/is verified as yours/).waitFor();
    expect(await mainText(page)).not.toMatch(NOT_ALIVE);
    await screenshot(page, 'demo-walk-seo-report-1366', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // SEO keywords: Generate and Save work on the trial.
    await open(page, '/seo-keywords', 'SEO Keywords');
    await page.getByText('sourdough bakery bristol').first().waitFor();
    const started = page.waitForResponse((res) => res.url().endsWith('/api/seo/keywords/generate'));
    await page.getByRole('button', { name: /Generate Keywords/ }).click();
    expect((await started).status()).toBe(202);
    // The job's progress, then the list again.
    await page.getByRole('button', { name: /Generate Keywords/ }).waitFor({ timeout: 120_000 });
    expect(await mainText(page)).not.toMatch(NOT_ALIVE);
    const suggested = await pageApi<{ keyword: string }[]>(page, 'GET', '/api/seo/keywords');
    // Save as the Selected Keywords panel sends it (pageApi fails on any refusal).
    await pageApi(page, 'POST', '/api/seo/keywords', [suggested[0]?.keyword]);

    // Business manager: a location and its reviews.
    await open(page, '/business-manager/profile', 'Business manager');
    await page.getByText('Contact & Location').first().waitFor();
    expect(await mainText(page)).not.toMatch(NOT_ALIVE);
    await screenshot(page, 'demo-walk-business-1366', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await open(page, '/business-manager/reviews', 'Business manager');
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await page.locator('.bm-review').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Settings, Applications: every app connected to the stand-ins, Search Console on the demo's website.
    const companies = await pageApi<{ id: number; website: string }[]>(page, 'GET', '/api/company');
    const property = new URL(companies.find((c) => c.id === demo.id)?.website ?? '').href;
    await open(page, '/settings/apps', /Settings/);
    await appsConnected(page, property);
    expect(await mainText(page)).not.toMatch(NOT_ALIVE);
    await screenshot(page, 'demo-walk-apps-1366', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const phone = await openZonedPage(browser(), ZONE, PHONE, await page.context().storageState());
    refused.push(...watchRefusals(phone));
    for (const [path, heading, name] of [
      ['/report', 'Reporting', 'report'],
      ['/seo-report', 'SEO Report', 'seo-report'],
      ['/business-manager/profile', 'Business manager', 'business'],
      ['/settings/apps', /Settings/, 'apps'],
    ] as const) {
      await open(phone, path, heading);
      if (name === 'report') await phone.locator('.ct-label.ct-vertical').first().waitFor({ state: 'attached' });
      if (name === 'business') await phone.getByText('Contact & Location').first().waitFor();
      if (name === 'apps') await appsConnected(phone, property);
      expect(await mainText(phone)).not.toMatch(NOT_ALIVE);
      await screenshot(phone, `demo-walk-${name}-390`, { fullPage: true });
      expect(await axeViolations(phone)).toEqual([]);
    }
    expect(refused).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 300_000);
});
