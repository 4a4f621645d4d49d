import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeProcess } from '../support/runtime';
import type { TestSite } from '../support/test-site';
import { startAuditRuntime } from '../support/test-site-runtime';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { mailbox, payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * The launch audit dialog on a runtime of this file's own (its clock moves): a weekly schedule
 * set through the dialog comes due when the clock passes it, its audit runs, and the mail names
 * the Health Score change since the audit before. axe finds nothing; screenshots at 1366 and 390 px.
 */
let runtime: RuntimeProcess;
let site: TestSite;
beforeAll(async () => {
  ({ runtime, site } = await startAuditRuntime(1000));
  process.env.E2E_BASE_URL = runtime.url;
}, 120_000);
afterAll(async () => {
  delete process.env.E2E_BASE_URL;
  await site.close();
  await runtime.stop();
});

const api = (page: Page, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
  page.request.fetch(`${appUrl()}${path}`, { method, data, headers: { origin: appUrl() } });

async function moveClock(page: Page, seconds: number): Promise<number> {
  const res = await api(page, 'POST', '/api/dev/clock', { advanceSeconds: seconds });
  expect(res.status()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

async function finishedAudits(page: Page): Promise<number> {
  const list = (await (await api(page, 'GET', '/api/seo/audits')).json()) as { status: string }[];
  return list.filter((a) => a.status === 'finished').length;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what} never happened: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the launch audit dialog', () => {
  const browser = useBrowser();

  it('sets a weekly schedule that fires when due; the mail names the Health Score change', async () => {
    site.setVersion(1);
    const account = await verifiedAccount('AuditSchedule');
    const { page, url } = await openSession(browser(), { viewport: { width: 1366, height: 900 } });
    await signIn(page, url, account);
    expect((await api(page, 'PATCH', '/api/company/company', { website: site.origin })).status()).toBe(200);
    expect((await api(page, 'PUT', '/api/seo/audit/settings', { maxPages: 12 })).status()).toBe(200);
    // The first visit starts the month's free audit: the one the scheduled audit is compared with.
    await page.goto(url('/seo-report'));
    await page.getByRole('heading', { name: 'Overall Score' }).waitFor({ timeout: 60_000 });
    await payForPlan(page);
    site.setVersion(2);

    const now = await moveClock(page, 1);
    const due = new Date(now + 86_400_000 + 120_000);
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(due);
    const time = due.toISOString().slice(11, 16);

    await page.getByRole('button', { name: 'Launch audit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Launch audit' });
    await dialog.waitFor();
    await dialog.getByLabel('Frequency').selectOption('weekly');
    await dialog.getByLabel('Day', { exact: true }).selectOption({ label: weekday });
    await dialog.getByLabel('Time', { exact: true }).fill(time);
    await dialog.getByLabel('Time zone').selectOption('UTC');
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-schedule-dialog-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'audit-schedule-dialog-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.locator('.audit-schedule');
    await card.getByText(`Audits run every ${weekday} at ${time} (UTC).`).waitFor();
    await card.getByText(/^Next audit:/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-schedule-card-1366', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(card, 'audit-schedule-card-390');

    // Nothing runs before its time; the clock brings it due.
    expect(await finishedAudits(page)).toBe(1);
    await moveClock(page, Math.ceil((due.getTime() - now) / 1000) + 5);
    await until(
      () => finishedAudits(page),
      (n) => n === 2,
      'the scheduled audit',
    );
    const mail = await until(
      async () => (await mailbox(account.email)).filter((m) => /Your SEO report is ready/.test(m.subject)),
      (mails) => mails.length === 2,
      'the second report mail',
    );
    expect(mail[0]!.text).toMatch(/(rose from \d+ to \d+|dropped from \d+ to \d+|is unchanged at \d+) out of 100/);

    await page.reload();
    await page
      .locator('.audit-schedule')
      .getByText(/^Next audit:/)
      .waitFor();
  }, 90_000);
});
