import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { connectFacebook, openZonedPage, pageApi } from './page-api';
import { payForPlan, screenshot, signIn, useBrowser, verifiedAccount } from './support';
import { API_VERSIONS } from '../../functions/core/platform-config';

/** The Graph version the clients speak (one table of versions and sunsets). */
const GRAPH = API_VERSIONS.graph.version;

/**
 * The dashboard's "Successful posts per platform" card (spec 01 §2, §8, §10) in Chromium: empty
 * for a company that has published nothing; after one post published to the Facebook sandbox and
 * one that failed there, the chart names Facebook with 1 published, its text alternative and data
 * table say so, the failed post is counted, and axe finds nothing. The posts are set up through
 * the API from the page's own cookies (the publishing test walks the editor); a zone far from UTC
 * shows that the days are the viewer's.
 */
const ZONE = 'Pacific/Auckland';

/** Publish Now to Facebook, and the status the post ends in. */
async function publishNow(page: Page, label: string): Promise<string> {
  const content = `${label}: fresh sourdough, rye and cardamom buns every morning from seven. Come early! ${Date.now()}`;
  const [post] = await pageApi<{ id: number }[]>(page, 'POST', '/api/calendar', {
    platforms: ['facebook'],
    content,
    files: [],
    action: 'publish',
  });
  let status = '';
  await expect
    .poll(
      async () => {
        ({ status } = (
          await pageApi<{ post: { status: string } }>(page, 'GET', `/api/calendar/${post!.id}/with-siblings`)
        ).post);
        return status === 'published' || status === 'failed';
      },
      { timeout: 45_000, interval: 200 },
    )
    .toBe(true);
  return status;
}

/** Today in the test's zone as the data table writes a day: 'Mon 5 Mar'. */
const todayLabel = () =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short', day: 'numeric', month: 'short' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((parts, p) => ({ ...parts, [p.type]: p.value }), {});

const card = (page: Page) =>
  page.locator('section.card', { has: page.getByRole('heading', { name: 'Successful posts per platform' }) });

async function openDashboard(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: /Good (morning|afternoon|evening)/ }).waitFor();
}

describe('dashboard chart', () => {
  const browser = useBrowser();

  it('shows published posts per platform with a text alternative, failed ones counted; empty without any', async () => {
    const owner = await verifiedAccount('Charts');
    const page = await openZonedPage(browser(), ZONE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);

    // Nothing published: the empty state, and no chart.
    await card(page).getByText('Nothing published yet').waitFor();
    expect(await card(page).getByRole('img').count()).toBe(0);

    await payForPlan(page);
    const { sandbox, pageId } = await connectFacebook(page, 'Dana Dashboard');
    expect(await publishNow(page, 'Published')).toBe('published');
    // The platform refuses the next one: it ends failed (and Facebook needs reconnecting).
    const failNext = await fetch(`${sandbox}/__sandbox/fail-next`, {
      method: 'POST',
      body: JSON.stringify({
        path: `/graph/${GRAPH}/${pageId}/feed`,
        failure: 'token-expired',
        account: 'Dana Dashboard',
      }),
    });
    expect(failNext.status).toBe(204);
    expect(await publishNow(page, 'Refused')).toBe('failed');

    await openDashboard(page);
    const chart = card(page).getByRole('img');
    await chart.locator('svg .ct-bar').first().waitFor();
    const summary = await chart.getAttribute('aria-label');
    expect(summary).toContain('Facebook 1 published');
    expect(summary).toContain('1 post failed');
    const facebook = card(page).getByRole('listitem').filter({ hasText: 'Facebook' });
    await expect.poll(() => facebook.innerText()).toMatch(/Facebook\s+1 published\s+1 failed/);
    expect(await chart.locator('svg .post-success__series--facebook .ct-bar').count()).toBe(1);
    await card(page).getByText('1 post failed').waitFor();

    // The data table: today (in the viewer's zone) has Facebook 1 and failed 1.
    await card(page).getByRole('button', { name: 'Show data table' }).click();
    const table = card(page).getByRole('table');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Day', 'Facebook', 'Failed']);
    const { weekday, day, month } = todayLabel();
    const today = table.getByRole('row', { name: `${weekday} ${day} ${month}` });
    expect(await today.getByRole('cell').allInnerTexts()).toEqual(['1', '1']);
    expect(await card(page).getByRole('button', { name: 'Hide data table' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await screenshot(card(page), 'dashboard-chart-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // A phone: the same card, shorter.
    const phone = await openZonedPage(
      browser(),
      ZONE,
      { width: 390, height: 844 },
      await page.context().storageState(),
    );
    await openDashboard(phone);
    await card(phone).getByRole('img').locator('svg .ct-bar').first().waitFor();
    await screenshot(card(phone), 'dashboard-chart-phone');
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 120_000);
});
