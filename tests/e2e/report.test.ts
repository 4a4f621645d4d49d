import { COMPANY_COOKIE } from '@shared/constants';
import { addDays, periodContaining, REPORT_PERIODS } from '@shared/report-periods';
import type { Reports } from '@shared/schemas/reports';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { connectFacebook, openZonedPage, pageApi } from './page-api';
import { fireCollection } from '../support/metrics-collection';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

beforeAll(() => useSuiteRuntimeEnv());

/**
 * The reports page (spec 01 §2 "Reports (/report)") and the dashboard's Total Followers and
 * Engagement cards in Chromium: a fresh company has nothing collected, so the report says so and
 * the cards show '—'; the platform toggles and period links keep their state in the address; a
 * demo company has Refresh report; axe finds nothing at desktop and phone widths. With figures
 * collected from a connected platform, the cards, the chart and the tables show them.
 */
const ZONE = 'Pacific/Auckland';
const COLLECTING = 'We are collecting data. Please, check in a few days';
const PHONE = { width: 390, height: 844 };

const platformToggles = (page: Page) => page.getByRole('group', { name: 'Platforms' });
const toggleButton = (page: Page, name: string) => platformToggles(page).getByRole('button', { name, exact: true });
const periodLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name, exact: true });
const searchOf = (page: Page) => new URL(page.url()).searchParams;
const dashboardCard = (page: Page, title: string) =>
  page.locator('section.card', { has: page.getByRole('heading', { name: title, exact: true }) });

async function openReport(page: Page, search = '') {
  await page.goto(`/report${search}`);
  await page.getByRole('heading', { level: 1, name: 'Reporting' }).waitFor();
  await untilLoaded(page);
}

/** Which toggles are pressed, by name. */
async function pressed(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const button of await platformToggles(page).getByRole('button').all()) {
    if ((await button.getAttribute('aria-pressed')) === 'true') names.push((await button.innerText()).trim());
  }
  return names;
}

/** Today in the test's zone, as the page counts days. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

describe('report', () => {
  const browser = useBrowser();

  it('a fresh company: collecting data, filters in the address, "—" on the dashboard, nothing for axe', async () => {
    const owner = await verifiedAccount('Reports');
    const page = await openZonedPage(browser(), ZONE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);

    // The dashboard: nothing collected yet.
    await untilLoaded(page);
    for (const title of ['Total Followers', 'Engagement']) {
      await expect.poll(() => dashboardCard(page, title).locator('.metric__value').allInnerTexts()).not.toEqual([]);
      for (const value of await dashboardCard(page, title).locator('.metric__value').allInnerTexts()) {
        expect(value).toBe('—');
      }
    }
    await dashboardCard(page, 'Engagement').getByText('Last 7 days, ending yesterday.').waitFor();

    await openReport(page);
    await page.getByText(COLLECTING).waitFor();
    await expect.poll(() => pressed(page)).toEqual(['All']);
    await expect.poll(() => periodLink(page, 'Month').getAttribute('aria-current')).toBe('page');
    // Not a demo company: no Refresh report.
    expect(await page.getByRole('button', { name: 'Refresh report' }).count()).toBe(0);

    // Toggles go in and out, and into the address.
    await toggleButton(page, 'Instagram').click();
    await expect.poll(() => searchOf(page).get('platforms')).toBe('instagram');
    await expect.poll(() => pressed(page)).toEqual(['Instagram']);
    await toggleButton(page, 'LinkedIn').click();
    await expect.poll(() => searchOf(page).get('platforms')).toBe('instagram,linkedin');
    await expect.poll(() => pressed(page)).toEqual(['Instagram', 'LinkedIn']);
    await page.getByText(COLLECTING).waitFor();

    // Period links keep the platforms. The address changes before the page renders it (the router
    // navigates in a transition), so what the page shows is waited for, not read at once.
    await periodLink(page, 'Quarter').click();
    await expect.poll(() => searchOf(page).get('period')).toBe('quarter');
    expect(searchOf(page).get('platforms')).toBe('instagram,linkedin');
    await expect.poll(() => periodLink(page, 'Quarter').getAttribute('aria-current')).toBe('page');
    const quarter = Math.floor((Number(today().slice(5, 7)) - 1) / 3) + 1;
    await page.getByText(`Q${quarter} ${today().slice(0, 4)}`, { exact: true }).waitFor();

    await toggleButton(page, 'All').click();
    await expect.poll(() => searchOf(page).has('platforms')).toBe(false);
    expect(searchOf(page).get('period')).toBe('quarter');
    await expect.poll(() => pressed(page)).toEqual(['All']);

    // A link opens the same report.
    await openReport(page, '?platforms=threads&period=year');
    await expect.poll(() => pressed(page)).toEqual(['Threads']);
    await expect.poll(() => periodLink(page, 'Year').getAttribute('aria-current')).toBe('page');
    await page.getByText(COLLECTING).waitFor();
    await screenshot(page, 'report-empty-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const phone = await openZonedPage(browser(), ZONE, PHONE, await page.context().storageState());
    await openReport(phone);
    await phone.getByText(COLLECTING).waitFor();
    await screenshot(phone, 'report-empty-phone', { fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 120_000);

  it('a demo company has Refresh report', async () => {
    const owner = await verifiedAccount('Demo');
    const page = await openZonedPage(browser(), ZONE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const demo = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'Demo Bistro', demo: true });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);

    // A demo comes alive within seconds: a year of figures on every platform, as the API has them.
    const to = today();
    const year = `${to.slice(0, 4)}-01-01`;
    const figures = async () => {
      const reports = await pageApi<Reports>(page, 'GET', `/api/reports?from=${addDays(year, -1)}&to=${to}`);
      const platforms = Object.values(reports);
      const latest = platforms.reduce((sum, rows) => sum + (rows.at(-1)?.totalFollowers ?? 0), 0);
      const likes = platforms.reduce(
        (sum, rows) => sum + rows.filter((r) => r.date >= year).reduce((n, r) => n + r.likes, 0),
        0,
      );
      return { count: platforms.filter((rows) => rows.length > 0).length, latest, likes };
    };
    // Its sample history is written within seconds of the demo's creation.
    await expect.poll(async () => (await figures()).count, { timeout: 60_000 }).toBe(4);
    const before = await figures();

    await openReport(page, '?period=year');
    const refresh = page.getByRole('button', { name: 'Refresh report' });
    await refresh.waitFor();
    const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);
    const allFollowers = dashboardCard(page, 'All Followers').locator('.metric__value');
    const likes = dashboardCard(page, 'Engagement').locator('.metric', { hasText: 'Likes' }).locator('.metric__value');
    expect(await allFollowers.innerText()).toBe(fmt(before.latest));
    expect(await likes.innerText()).toBe(fmt(before.likes));
    await dashboardCard(page, 'Audience Growth').locator('svg .ct-line').first().waitFor();
    await screenshot(page, 'report-demo-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Refresh report draws a new year: the page shows the API's new figures.
    await refresh.click();
    await page.getByText('The report has new sample figures.').waitFor();
    const after = await figures();
    expect(after.likes).not.toBe(before.likes);
    await expect.poll(() => likes.innerText()).toBe(fmt(after.likes));
    expect(await allFollowers.innerText()).toBe(fmt(after.latest));

    // The dashboard's cards read the same figures: the same total, and the week ending yesterday.
    const week = await pageApi<Reports>(page, 'GET', `/api/reports?from=${addDays(to, -7)}&to=${addDays(to, -1)}`);
    const weekLikes = Object.values(week).reduce((sum, rows) => sum + rows.reduce((n, r) => n + r.likes, 0), 0);
    await page.goto('/');
    await untilLoaded(page);
    expect(await dashboardCard(page, 'Total Followers').locator('.metric__value').first().innerText()).toBe(
      fmt(after.latest),
    );
    expect(
      await dashboardCard(page, 'Engagement')
        .locator('.metric', { hasText: 'Likes' })
        .locator('.metric__value')
        .innerText(),
    ).toBe(fmt(weekLikes));

    const phone = await openZonedPage(browser(), ZONE, PHONE, await page.context().storageState());
    await openReport(phone);
    await phone.getByRole('button', { name: 'Refresh report' }).waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 240_000);

  it('shows the figures collected from a connected platform', async () => {
    const owner = await verifiedAccount('Figures');
    const page = await openZonedPage(browser(), ZONE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    await connectFacebook(page, 'Rhea Reporter');
    // The suite's runtime arms the first collection a day after a connect (so it cannot meet
    // other files' injected failures): fired now, as the scheduler would at its time.
    const companyId = Number((await page.context().cookies()).find((c) => c.name === COMPANY_COOKIE)?.value);
    await fireCollection(companyId);

    // The period so far, and the day before it, as the page asks; the collection backfills 30 days
    // up to yesterday in UTC. On the first of a month in this zone that day can still be last
    // month's, so the page is asked for the smallest period that holds a collected day.
    const to = today();
    const collected = addDays(new Date().toISOString().slice(0, 10), -1);
    const period = REPORT_PERIODS.find((p) => periodContaining(p, to).from <= collected) ?? 'year';
    const first = periodContaining(period, to).from;
    const query = `from=${addDays(first, -1)}&to=${to}`;
    const search = `?platforms=facebook${period === 'month' ? '' : `&period=${period}`}`;
    let reports: Reports = {};
    let previous = '';
    await expect
      .poll(
        async () => {
          // Until the collection has written all its rows: two reads a second apart agree.
          reports = await pageApi<Reports>(page, 'GET', `/api/reports?${query}`);
          const read = JSON.stringify(reports.facebook ?? []);
          const settled = read === previous && (reports.facebook ?? []).some((row) => row.date >= first);
          previous = read;
          return settled;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    const rows = (reports.facebook ?? []).filter((row) => row.date >= first);
    const last = rows.at(-1)!;
    const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
    const likes = rows.reduce((sum, row) => sum + row.likes, 0);

    await openReport(page, search);
    const allFollowers = dashboardCard(page, 'All Followers');
    expect(await allFollowers.locator('.metric__value').innerText()).toBe(count(last.totalFollowers));
    const engagement = dashboardCard(page, 'Engagement');
    expect(await engagement.locator('.metric', { hasText: 'Likes' }).locator('.metric__value').innerText()).toBe(
      count(likes),
    );
    const growth = dashboardCard(page, 'Audience Growth');
    // Drawn (a flat line, when the audience held still, has no height to be "visible").
    await growth.getByRole('img').locator('svg .ct-line').first().waitFor({ state: 'attached' });
    expect(await growth.getByRole('img').getAttribute('aria-label')).toContain('Facebook');
    const table = growth.getByRole('region', { name: 'Total Followers' }).getByRole('table');
    expect(
      await table
        .getByRole('row', { name: /Facebook/ })
        .getByRole('cell')
        .first()
        .innerText(),
    ).toBe(count(last.totalFollowers));
    await table.getByRole('rowheader', { name: 'Total Followers Growth' }).waitFor();
    // The chart's numbers for screen readers: one row per day drawn.
    expect(
      await growth.getByRole('table', { name: 'Total followers by date' }).getByRole('row').count(),
    ).toBeGreaterThan(1);
    await screenshot(page, 'report-figures-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const phone = await openZonedPage(browser(), ZONE, PHONE, await page.context().storageState());
    await openReport(phone, search);
    await dashboardCard(phone, 'Audience Growth').locator('svg .ct-line').first().waitFor({ state: 'attached' });
    await screenshot(phone, 'report-figures-phone', { fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();

    // The dashboard's cards read the same figures.
    await page.goto('/');
    await untilLoaded(page);
    expect(await dashboardCard(page, 'Total Followers').locator('.metric__value').innerText()).toBe(
      count(last.totalFollowers),
    );
    await page.context().close();
  }, 240_000);
});
