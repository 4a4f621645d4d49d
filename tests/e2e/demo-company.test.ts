import { COMPANY_COOKIE } from '@shared/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { openZonedPage, pageApi } from './page-api';
import { DESKTOP, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * A newcomer's demo company in Chromium: within seconds of being made, every page it opens is
 * alive (the dashboard's lists and chart, the calendar, the media library, the keywords, the
 * plan and the profiles), each clean for axe, at desktop and phone widths.
 */
const ZONE = 'Europe/London';
const PHONE = { width: 390, height: 844 };

const card = (page: Page, title: string) =>
  page.locator('section.card', { has: page.getByRole('heading', { name: title, exact: true }) });

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await untilLoaded(page);
}

describe('a demo company', () => {
  const browser = useBrowser();

  it('is alive on every page within seconds, and clean for axe', async () => {
    const owner = await verifiedAccount('Showcase');
    const page = await openZonedPage(browser(), ZONE, DESKTOP);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const demo = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'Sample Bakery', demo: true });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);
    await expect
      .poll(async () => (await pageApi<unknown[]>(page, 'GET', '/api/seo/keywords')).length, { timeout: 60_000 })
      .toBeGreaterThan(0);

    // The dashboard: upcoming and published posts, and the successful posts per platform.
    await open(page, '/', /.+/);
    for (const title of ['Scheduled Content', 'Recently Published']) {
      await card(page, title).getByRole('link').first().waitFor();
      expect(
        await card(page, title)
          .getByText(/No upcoming events|No published content/)
          .count(),
      ).toBe(0);
    }
    await card(page, 'Successful posts per platform').locator('svg').first().waitFor();
    expect(await page.getByText('Step 1 Set Up Marketing Plan').count()).toBe(0);
    await screenshot(page, 'demo-dashboard-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The calendar's list of this month: posts on several platforms, none with a red dot.
    const month = new Date().toISOString().slice(0, 10);
    await page.goto(`/calendar/${month}/month/list`);
    await page.getByRole('table').waitFor();
    await untilLoaded(page);
    expect(await page.getByRole('row').count()).toBeGreaterThan(5);
    expect(await page.getByText('No posts created yet.').count()).toBe(0);
    await screenshot(page, 'demo-calendar-list-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/calendar/${month}/month/calendar`);
    await untilLoaded(page);
    await screenshot(page, 'demo-calendar-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The media library: the six photos.
    await open(page, '/media', /Media/);
    await expect.poll(() => page.locator('img[src*="thumb"], img[alt]').count()).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'demo-media-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // SEO keywords, the plan and the profiles.
    await open(page, '/seo-keywords', /keyword/i);
    await page.getByText('sourdough bakery bristol').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/settings/marketing-plan');
    await page.getByText('Themes by month').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/settings/ideal-customer-profiles');
    await page.getByText('Weekend bread regulars').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const phone = await openZonedPage(browser(), ZONE, PHONE, await page.context().storageState());
    await open(phone, '/', /.+/);
    await card(phone, 'Recently Published').getByRole('link').first().waitFor();
    await screenshot(phone, 'demo-dashboard-phone', { fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.goto(`/calendar/${month}/month/calendar`);
    await untilLoaded(phone);
    await screenshot(phone, 'demo-calendar-phone', { fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 240_000);
});
