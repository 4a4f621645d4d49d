import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { confirmDialog, payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * The website audit's views in Chromium, on two audits of the planted-defect test site (the
 * second after it fixed some defects and gained one): the Overview, every issue tab, an issue's
 * pages with the links behind them, ignoring an issue and turning a check off and on, the three
 * tables sorted and filtered, the comparison and the all-reports list. axe finds nothing; at
 * 390 px nothing overflows the page sideways.
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

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function expectClean(page: Page) {
  await untilLoaded(page);
  expect(await axeViolations(page)).toEqual([]);
}

/** At 390 px the page itself never scrolls sideways; wide tables scroll inside their own box. */
async function expectNoSidewaysOverflow(page: Page) {
  // Polled: a layout still settling after the resize is not an overflow.
  await expect.poll(() => sticksOut(page), { timeout: 5000 }).toEqual([]);
}

function sticksOut(page: Page) {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    // What sticks out, to say where to look.
    return [...document.querySelectorAll('body *')]
      .filter((e) => {
        if (e.getBoundingClientRect().right <= window.innerWidth + 1) return false;
        for (let up = e.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${e.textContent.slice(0, 40)}" ` +
          `right ${Math.round(e.getBoundingClientRect().right)} in ${e.parentElement?.className ?? ''} ` +
          `(${Math.round(e.parentElement?.getBoundingClientRect().right ?? 0)})`,
      );
  });
}

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1366`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await untilLoaded(page);
  await screenshot(page, `${name}-390`, { fullPage: true });
  // The first screenful as a phone shows it, to look at closely.
  await screenshot(page, `${name}-390-top`);
  await expectNoSidewaysOverflow(page);
  await page.setViewportSize(DESKTOP);
}

/** The statuses in the first rows of the table on screen. */
const statuses = (page: Page) =>
  page
    .locator('.audit-row .audit-status')
    .allInnerTexts()
    .then((texts) => texts.map(Number));

describe('the website audit views', () => {
  const browser = useBrowser();

  it('shows the overview, the issue tabs, the tables, the comparison and the list of two audits', async () => {
    site.setVersion(1);
    const account = await verifiedAccount('AuditViews');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP });
    await signIn(page, url, account);
    await payForPlan(page);
    const patch = await page.request.fetch(`${appUrl()}/api/company/company`, {
      method: 'PATCH',
      data: { website: site.origin },
      headers: { origin: appUrl() },
    });
    expect(patch.status()).toBe(200);

    // The first audit, then a second once the site changed.
    await page.goto(url('/seo-report'));
    await page.getByRole('heading', { name: 'Overall Score' }).waitFor({ timeout: 120_000 });
    site.setVersion(2);
    await page.getByRole('button', { name: 'Check Again' }).click();
    await page.getByText(/Checking .*…/).waitFor();
    await page.getByRole('button', { name: 'Check Again' }).waitFor({ timeout: 120_000 });
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Website audit sections' })
      .getByRole('link', { name: 'Overview' })
      .click();

    // Overview
    await page.getByRole('heading', { level: 1, name: 'Website audit overview' }).waitFor();
    await page.getByRole('heading', { name: 'Health Score', exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Health Score ranges' }).getByRole('listitem').count()).toBe(5);
    expect(await page.locator('.audit-top__item').count()).toBeGreaterThan(0);
    for (const title of ['Health Score history', 'HTTP status codes', 'Page depth', 'Server response time']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    for (const title of ['Page indexability', 'Link attributes', 'Robots meta tags', 'Orphan and dead-end pages']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    const statusCard = page.locator('.card', { has: page.getByRole('heading', { name: 'HTTP status codes' }) });
    await statusCard.locator('.audit-figure__chart svg').waitFor();
    await statusCard.getByRole('button', { name: 'Show data table' }).click();
    expect(await statusCard.getByRole('row', { name: /^200 / }).count()).toBe(1);
    expect(await statusCard.getByRole('row', { name: /^404 / }).count()).toBe(1);
    // Two audits: the history has two points.
    const historyCard = page.locator('.card', { has: page.getByRole('heading', { name: 'Health Score history' }) });
    await historyCard.getByRole('button', { name: 'Show data table' }).click();
    expect(await historyCard.locator('tbody tr').count()).toBe(2);
    // Each audit's date under its point, inside the card, none over another.
    const dates = await historyCard.locator('tbody th').allInnerTexts();
    const labels = historyCard.locator('.audit-figure__chart .ct-label.ct-horizontal');
    await expect.poll(() => labels.allInnerTexts()).toEqual(dates);
    const card = await historyCard.boundingBox();
    const boxes = await Promise.all((await labels.all()).map((label) => label.boundingBox()));
    for (const [i, box] of boxes.entries()) {
      expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width).toBe(true);
      const next = boxes[i + 1];
      if (box && next) expect(box.x + box.width).toBeLessThanOrEqual(next.x);
    }
    // The Health Score's ranges are the grid lines from 0 to 100, each inside the chart, whatever
    // the two scores (close ones once stretched the axis over them alone, the lines off the chart).
    const chartBox = await historyCard.getByRole('img').boundingBox();
    const ticks = historyCard.locator('.audit-figure__chart .ct-label.ct-vertical');
    expect(await ticks.allInnerTexts()).toEqual(['0', '40', '70', '80', '90', '100']);
    const gridLines = await historyCard.locator('.audit-figure__chart .ct-grid.ct-vertical').all();
    expect(gridLines).toHaveLength(6);
    for (const line of gridLines) {
      const box = await line.boundingBox();
      expect(box && chartBox && box.y >= chartBox.y && box.y <= chartBox.y + chartBox.height).toBe(true);
    }
    // The domain metrics and the most popular use cases, from the audit's own data.
    const domainCard = page.locator('.card', { has: page.getByRole('heading', { name: 'Domain metrics' }) });
    await domainCard.getByText(new URL(site.origin).host).waitFor();
    await domainCard.getByText('Pages search engines may index').waitFor();
    const useCases = page.locator('.card', { has: page.getByRole('heading', { name: 'Most popular use cases' }) });
    expect(await useCases.locator('.audit-top__item').count()).toBe(7);
    await useCases.getByRole('link', { name: 'Find broken links and files' }).waitFor();
    await expectClean(page);
    await bothWidths(page, 'audit-overview');

    // The Issue report's tabs
    await page.goto(url('/seo-report/issues'));
    const tabs = page.getByRole('navigation', { name: 'Issue tabs' });
    for (const tab of ['Current', 'New', 'All tracked', 'Fixed', 'Turned off']) {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await page.waitForURL(/\/seo-report\/issues/);
      await untilLoaded(page);
      await page.locator('.audit-issue, .empty').first().waitFor();
      if (tab === 'New' || tab === 'Fixed') expect(await page.locator('.audit-issue').count()).toBeGreaterThan(0);
      if (tab === 'Current') await bothWidths(page, 'audit-issues');
      if (tab === 'Fixed') {
        expect(await page.locator('.audit-issue .badge--success').count()).toBeGreaterThan(0);
        await expectClean(page);
      }
    }

    // An issue's pages with the exact links behind it.
    await page.goto(url('/seo-report/issues'));
    const broken = page.locator('.audit-issue', { hasText: 'Pages with broken internal links' });
    await broken.getByRole('link').first().click();
    await page.getByText('How to fix:').waitFor();
    await page.locator('.audit-page').first().waitFor();
    expect(await page.locator('.audit-page a.audit-url').count()).toBeGreaterThan(0);
    // Each page names the broken link it holds.
    await page.locator('.audit-page__targets li').first().waitFor();
    await expectClean(page);
    await bothWidths(page, 'audit-issue');

    // Ignore an issue: gone from Current at once, in Turned off until brought back.
    await page.goto(url('/seo-report/issues'));
    const first = page.locator('.audit-issue').first();
    const name = await first.locator('.audit-issue__name').innerText();
    await first.getByRole('button', { name: 'Ignore' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Ignore issue' }).click();
    await page.locator('.audit-issue__name', { hasText: name }).first().waitFor({ state: 'detached' });
    await tabs.getByRole('link', { name: 'Turned off' }).click();
    const ignored = page.locator('.audit-issue', { hasText: name });
    await ignored.getByText('Ignored until the next audit').waitFor();
    await ignored.getByRole('button', { name: 'Stop ignoring' }).click();
    await ignored.waitFor({ state: 'detached' });

    // Turn a check off: from the next audit, so this report keeps it and says so; then back on.
    await tabs.getByRole('link', { name: 'Current' }).click();
    await page.locator('.audit-issue', { hasText: name }).waitFor();
    const second = page.locator('.audit-issue', { hasText: 'Share of redirecting pages' });
    await second.getByRole('button', { name: 'Turn check off' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Turn off check' }).click();
    await second.getByText('Off from the next audit').waitFor();
    await expectClean(page);
    await second.getByRole('button', { name: 'Turn check on' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Turn on check' }).click();
    await second.getByRole('button', { name: 'Turn check off' }).waitFor();
    expect(await second.getByText('Off from the next audit').count()).toBe(0);

    // Crawled pages: sorted by status, highest first, then only 4xx.
    await page.goto(url('/seo-report/pages'));
    await page.locator('.audit-row').first().waitFor();
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.waitForURL(/order=desc/);
    await page.locator('th[aria-sort="descending"]').waitFor();
    await untilLoaded(page);
    const sorted = await statuses(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    await page.getByLabel('Status').selectOption('4xx');
    await page.waitForURL(/status=4xx/);
    await untilLoaded(page);
    // Polled: the rows of the previous filter may still be drawn for a render.
    await expect
      .poll(async () => {
        const clientErrors = await statuses(page);
        return clientErrors.length > 0 && clientErrors.every((s) => s >= 400 && s < 500);
      })
      .toBe(true);
    await expectClean(page);
    await page.getByLabel('Status').selectOption('');
    await untilLoaded(page);
    await bothWidths(page, 'audit-pages');

    // Found links: external ones only, sorted by target.
    await page.goto(url('/seo-report/links?type=external&sort=target'));
    await page.locator('.audit-row').first().waitFor();
    const types = await page.locator('.audit-row td:nth-child(4)').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['External']));
    const targets = await page.locator('.audit-row td:nth-child(2)').allInnerTexts();
    expect(targets).toEqual([...targets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await page.getByRole('searchbox', { name: 'Search URLs' }).fill(new URL(site.origin).host);
    await page.getByLabel('Type').selectOption('internal');
    await page.waitForURL(/type=internal/);
    await untilLoaded(page);
    // Over 100 rows: the virtualiser draws the rows in view, not all of them.
    // The rows follow the scroller's measurement, one render after the spacer may appear.
    await page.locator('.audit-spacer').first().waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.audit-row').count()).toBeGreaterThan(5);
    expect(await page.locator('.audit-row').count()).toBeLessThan(100);
    await expectClean(page);
    await bothWidths(page, 'audit-links');

    // Found resources: stylesheets only.
    await page.goto(url('/seo-report/resources'));
    await page.locator('.audit-row').first().waitFor();
    await page.getByLabel('Type').selectOption('css');
    await page.waitForURL(/type=css/);
    await untilLoaded(page);
    // Polled: the virtualiser draws the filtered rows one render after the answer arrives.
    await expect
      .poll(async () => [...new Set(await page.locator('.audit-row td:nth-child(2)').allInnerTexts())])
      .toEqual(['CSS']);
    await expectClean(page);
    await bothWidths(page, 'audit-resources');

    // The comparison of the two audits, and the list of all reports.
    await page.goto(url('/seo-report/comparison'));
    const summary = page.getByRole('region', { name: 'Summary of the two audits' });
    await summary.getByRole('row', { name: /Health Score/ }).waitFor();
    expect(
      await page.getByRole('region', { name: 'Issues in the two audits' }).locator('tbody tr').count(),
    ).toBeGreaterThan(0);
    await expectClean(page);
    await bothWidths(page, 'audit-comparison');

    await page.goto(url('/seo-report/audits'));
    const list = page.getByRole('region', { name: 'All reports' });
    await list.locator('tbody tr').nth(1).waitFor();
    expect(await list.locator('tbody tr').count()).toBe(2);
    await expectClean(page);
    await bothWidths(page, 'audit-list');
    site.setVersion(1);
  }, 420_000);
});
