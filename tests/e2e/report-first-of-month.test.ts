import { COMPANY_COOKIE } from '@shared/constants';
import type { Reports } from '@shared/schemas/reports';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { openZonedPage, pageApi } from './page-api';
import { screenshot, signIn, untilLoaded, useBrowser, useOwnRuntime, verifiedAccount } from './support';

/**
 * The reports page on the first of a month, when Month (the default) holds no day that has
 * ended yet: a demo with a year of figures shows the month before, whole, and says so, rather
 * than "We are collecting data". The runtime's clock is moved to the first of next month (the
 * demo's figures end the day before it) and the browser's clock is held there too.
 */
const COLLECTING = 'We are collecting data. Please, check in a few days';
const DAY_MS = 86_400_000;

/** The first of next month, mid-morning UTC. */
function firstOfNextMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 10));
}

/** Moves the runtime's clock to `to`, 30 days at most a step (the dev clock's limit). */
async function moveRuntimeClockTo(to: Date) {
  let now = Date.now();
  while (to.getTime() - now > 1000) {
    const seconds = Math.ceil(Math.min(to.getTime() - now, 30 * DAY_MS) / 1000);
    const moved = await fetch(`${appUrl()}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl() },
      body: JSON.stringify({ advanceSeconds: seconds }),
    });
    expect(moved.status).toBe(200);
    now = Date.parse(((await moved.json()) as { now: string }).now);
  }
}

describe('the report on the first of a month', () => {
  useOwnRuntime({ PASSWORD_HASH_LOG2_N: '10' });
  const browser = useBrowser();

  it('shows a demo the month before, whole, and says so: never "collecting data" when figures exist', async () => {
    const first = firstOfNextMonth();
    await moveRuntimeClockTo(first);
    const owner = await verifiedAccount('FirstOfMonth');
    const page = await openZonedPage(browser(), 'UTC', { width: 1366, height: 900 });
    await page.clock.setFixedTime(first);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const demo = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'First Bakery', demo: true });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);

    // The demo's year of figures ends on the last day of the month before.
    const lastMonthEnd = new Date(first.getTime() - DAY_MS).toISOString().slice(0, 10);
    const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
    const today = first.toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const reports = await pageApi<Reports>(page, 'GET', `/api/reports?from=${lastMonthStart}&to=${today}`);
          const rows = Object.values(reports);
          return [
            rows.filter((r) => r.some((row) => row.date === lastMonthEnd)).length,
            rows.filter((r) => r.some((row) => row.date === today)).length,
          ];
        },
        { timeout: 60_000 },
      )
      .toEqual([4, 0]);

    await page.goto('/report');
    await page.getByRole('heading', { level: 1, name: 'Reporting' }).waitFor();
    await untilLoaded(page);
    await page.getByText('has no figures yet: the month before is shown').waitFor();
    expect(await page.getByText(COLLECTING).count()).toBe(0);
    const followers = page
      .locator('section.card', { has: page.getByRole('heading', { name: 'All Followers', exact: true }) })
      .locator('.metric__value');
    expect(await followers.innerText()).toMatch(/^\d[\d,]*$/);
    // The chart covers the whole month before: one row per day in its table.
    const days = Number(lastMonthEnd.slice(8, 10));
    expect(
      await page.getByRole('table', { name: 'Total followers by date' }).getByRole('row').count(),
    ).toBeGreaterThanOrEqual(days);
    await screenshot(page, 'report-first-of-month-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const phone = await openZonedPage(
      browser(),
      'UTC',
      { width: 390, height: 844 },
      await page.context().storageState(),
    );
    await phone.clock.setFixedTime(first);
    await phone.goto('/report');
    await phone.getByText('has no figures yet: the month before is shown').waitFor();
    await untilLoaded(phone);
    await screenshot(phone, 'report-first-of-month-phone', { fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 240_000);
});
