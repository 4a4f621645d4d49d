import { format, parseISO } from 'date-fns';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localParts } from '@shared/calendar-time';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import {
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
 * Publishing in Chromium on the embedded runtime: Facebook, Instagram and LinkedIn connected
 * through their sandbox consent pages; one post published now and another scheduled about two
 * minutes ahead, which the real scheduler loop fires once the test moves the runtime's clock
 * past it (POST /api/dev/clock: the schedule, its claim and the workflow are the real ones); both
 * reach the sandbox platforms, show PUBLISHED with a permalink on the post page and turn
 * published on the calendar without a reload; the sandbox page lists them. axe on each page.
 */
const ZONE = 'Europe/Lisbon';

async function check(page: Page, name: string) {
  await untilLoaded(page);
  await screenshot(page, `publishing-${name}`, { fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

async function openPage(browser: Browser) {
  const session = await openSession(browser, { viewport: DESKTOP, timezoneId: ZONE });
  session.context.setDefaultTimeout(20_000);
  // The page's clock is the test's, so it can follow the runtime's when the test moves it.
  await session.page.clock.install();
  return session;
}

/** The schedule picker's day button, as it names it ('EEEE d MMMM yyyy'). */
const dayLabel = (day: string) => format(parseISO(day), 'EEEE d MMMM yyyy');

const row = (page: Page, platform: string) => page.locator(`li.connection[data-platform="${platform}"]`);

async function connect(page: Page, platform: string, label: string) {
  await row(page, platform)
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  await page.getByRole('heading', { name: `${platform === 'instagram' ? 'Facebook' : label} sandbox` }).waitFor();
  await page.getByLabel('Account name').fill('Pia Publisher');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((u) => u.pathname === '/settings/apps');
  // The sandbox account offers several: choose the first page or profile the platform lists,
  // and the row says connected.
  const save = row(page, platform).getByRole('button', { name: 'Save' });
  await save.click();
  await save.waitFor({ state: 'detached' });
  await row(page, platform)
    .getByRole('switch', { name: `${label} connected` })
    .waitFor();
}

async function writePost(page: Page, url: (p: string) => string, platforms: string[], copy: string) {
  await page.goto(url('/post/create'));
  await page.getByRole('heading', { name: 'New social media post' }).waitFor();
  for (const name of platforms) await page.getByRole('checkbox', { name }).check();
  await page.getByLabel('Post copy').fill(copy);
}

/** The post page says PUBLISHED (it follows the publish live) with the platform's permalink. */
async function expectPublished(page: Page, label: string) {
  await page.getByText('PUBLISHED', { exact: true }).waitFor({ timeout: 60_000 });
  const link = page.getByRole('link', { name: `View on ${label}` });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  return href!;
}

describe('publishing', () => {
  // The test moves the runtime's clock: on a runtime of its own, no other file's schedules move.
  useOwnRuntime();
  const browser = useBrowser();

  it('publishes one post now and another on its schedule; both reach the sandbox platforms and show PUBLISHED', async () => {
    const owner = await verifiedAccount('Publisher');
    const { page, url } = await openPage(browser());
    await signIn(page, url, owner);
    await payForPlan(page);

    await page.goto(url('/settings/apps'));
    await connect(page, 'facebook', 'Facebook');
    await connect(page, 'linkedin', 'LinkedIn');
    await connect(page, 'instagram', 'Instagram');

    // Publish Now: Facebook and LinkedIn siblings from one editor.
    const nowCopy = `Fresh bread every morning from 7: sourdough, rye and a cardamom bun you will not forget. Come early! ${Date.now()}`;
    await writePost(page, url, ['Facebook', 'LinkedIn'], nowCopy);
    await page.getByLabel('More actions').click();
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(/\/post\/\d+$/);
    const facebookPermalink = await expectPublished(page, 'Facebook');
    await check(page, 'post-published');
    const permalinkPage = await fetch(facebookPermalink);
    expect(await permalinkPage.text()).toContain(nowCopy.slice(0, 40));
    await page
      .getByRole('navigation', { name: 'Platforms of this post' })
      .locator('a', { hasText: 'LinkedIn' })
      .click();
    // The Facebook page, still shown a moment, says PUBLISHED too: wait for the LinkedIn one.
    await page.getByRole('heading', { level: 1, name: /LinkedIn/ }).waitFor();
    await expectPublished(page, 'LinkedIn');

    // Schedule: two minutes ahead (at the start of that minute), Facebook only.
    const at = new Date(Date.now() + 2 * 60_000);
    const { day, time } = localParts(at, ZONE);
    const laterCopy = `Saturday market stall: our cardamom buns and fresh rye, from 9 until they are gone. See you there! ${Date.now()}`;
    await writePost(page, url, ['Facebook'], laterCopy);
    await page.getByRole('button', { name: dayLabel(day) }).click();
    await page.getByLabel('Time').fill(time);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(/\/post\/\d+$/);
    await page.getByText('SCHEDULED', { exact: true }).waitFor();

    // The calendar shows it scheduled; its list view turns it PUBLISHED on its own when the
    // schedule fires (the grid's chips follow a publish with the same hook), and so does the grid.
    await page.goto(url(`/calendar/${day}/month/calendar`));
    const chip = page.locator('.post-chip', { hasText: laterCopy.slice(0, 30) });
    await chip.waitFor();
    await check(page, 'calendar-scheduled');
    await page.getByRole('link', { name: 'List', exact: true }).click();
    const row = page.locator('tr', { hasText: laterCopy.slice(0, 30) });
    await row.getByText('SCHEDULED', { exact: true }).waitFor();
    // Three minutes on the runtime's clock and the page's: the schedule falls due now rather
    // than in two minutes, and the list, which watches a post from its time on, sees it is due.
    const advanced = await fetch(`${appUrl()}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl() },
      body: JSON.stringify({ advanceSeconds: 180 }),
    });
    expect(advanced.status).toBe(200);
    await page.clock.fastForward(180_000);
    await row.getByText('PUBLISHED', { exact: true }).waitFor({ timeout: 60_000 });
    await check(page, 'calendar-list-published');
    await page.goto(url(`/calendar/${day}/month/calendar`));
    await expect.poll(async () => chip.getAttribute('class')).toContain('post-chip--published');
    await check(page, 'calendar-published');
    await chip.click();
    await expectPublished(page, 'Facebook');

    // The sandbox page shows both arrive.
    await page.goto(url('/dev/platforms'));
    await page.getByRole('heading', { name: 'Sandbox platforms' }).waitFor();
    await expect.poll(() => page.getByText('Post published').count()).toBeGreaterThanOrEqual(3);
    await page
      .getByText(`message=${laterCopy.slice(0, 60)}`, { exact: false })
      .first()
      .waitFor();
    await check(page, 'sandbox');
  }, 180_000);
});
