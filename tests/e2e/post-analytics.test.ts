import { COMPANY_COOKIE } from '@shared/constants';
import { messages } from '@shared/messages';
import { PLATFORM_LABELS } from '@shared/platforms';
import {
  ANALYTICS_PLATFORMS,
  BEST_TIMES_PLATFORMS,
  type BestTimes,
  type BestTimesPlatform,
  type PostFigures,
  type TopPost,
  type TopPosts,
} from '@shared/schemas/post-analytics';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { openZonedPage, pageApi } from './page-api';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * Per-post analytics in Chromium, on a demo company (whose published posts have figures drawn from
 * the stand-ins' engagement model): the post page's Results, the report's Top posts table on each
 * platform and by another sort, and the best times' table show what the API answers; axe finds
 * nothing at 1366 and 390 px. A company without a paid plan, whose calls answer 402, sees the
 * spec's 'Subscribtion is required' with Upgrade instead.
 */
const ZONE = 'Europe/Berlin';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const counts = new Intl.NumberFormat('en-US');
const shown = (value: number | null) => (value === null ? '—' : counts.format(value));

const card = (page: Page, title: string) =>
  page.locator('section.card', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  await untilLoaded(page);
}

/** A table's body rows as the texts of their cells (row header first). */
const rowTexts = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent.trim())));

const headerTexts = (table: Locator) =>
  table.locator('thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent.trim()));

const TOP_COLUMNS: Record<string, (post: TopPost) => number | null> = {
  Engagement: (p) => p.engagement,
  Likes: (p) => p.likes,
  Comments: (p) => p.comments,
  Shares: (p) => p.shares,
  Impressions: (p) => p.impressions,
  Reach: (p) => p.reach,
};

/** What the Top posts table must show for these posts, column by column as its header says, the date aside. */
function expectedTopRows(posts: TopPost[], headers: string[]) {
  return posts.map((post) =>
    headers.flatMap((header) => {
      if (header === 'Post') return [post.excerpt || 'Untitled post'];
      if (header === 'Published') return [];
      return [shown(TOP_COLUMNS[header]!(post))];
    }),
  );
}
const withoutDate = (rows: string[][], headers: string[]) => {
  const date = headers.indexOf('Published');
  return rows.map((cells) => cells.filter((_, i) => i !== date));
};

/** The query the page asked top posts with (its period), answered again by the API for the test. */
async function topPostsLikeThePage(page: Page, action: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports/top-posts' && r.ok()),
    action(),
  ]);
  const search = new URL(response.url()).search;
  return { search, api: await pageApi<TopPosts>(page, 'GET', `/api/reports/top-posts${search}`) };
}

describe('per-post analytics in the browser', () => {
  const browser = useBrowser();

  it('the post page, Top posts and the best times show the API figures, clean for axe', async () => {
    const owner = await verifiedAccount('Figures');
    const page = await openZonedPage(browser(), ZONE, WIDE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const demo = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'Figures Bakery', demo: true });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);
    // The demo's sample history (its published posts) is written by a job after the company: the
    // test goes on once two answers a second apart agree, on more than one platform.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const yearBack = `from=${day(Date.now() - 364 * 86_400_000)}&to=${day(Date.now())}&limit=50`;
    let previous = '';
    await expect
      .poll(
        async () => {
          const top = await pageApi<TopPosts>(page, 'GET', `/api/reports/top-posts?${yearBack}`);
          const answer = JSON.stringify(top);
          const settled = answer === previous && ANALYTICS_PLATFORMS.filter((p) => (top[p] ?? []).length).length > 1;
          previous = answer;
          return settled;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);

    // The report of the year so far: Top posts of the period on each platform the table offers.
    const { search, api } = await topPostsLikeThePage(page, () => open(page, '/report?period=year', 'Reporting'));
    const top = card(page, 'Top posts');
    const withPosts = ANALYTICS_PLATFORMS.filter((p) => (api[p] ?? []).length > 0);
    expect(withPosts.length, `the demo's posts of the period (${search})`).toBeGreaterThan(0);
    // The demo's blog posts of the last weeks, shown under All (WordPress has no toggle of its own).
    expect(withPosts).toContain('wordpress');
    for (const platform of withPosts) {
      await top
        .getByRole('group', { name: 'Top posts on' })
        .getByRole('button', { name: PLATFORM_LABELS[platform] })
        .click();
      const table = top.getByRole('region', { name: `Top ${PLATFORM_LABELS[platform]} posts` }).getByRole('table');
      await table.waitFor();
      const headers = await headerTexts(table);
      expect(withoutDate(await rowTexts(table), headers)).toEqual(expectedTopRows(api[platform]!, headers));
      // WordPress counts comments only: no column says its stored 0 likes or shares were measured.
      if (platform === 'wordpress') expect(headers).toEqual(['Post', 'Published', 'Engagement', 'Comments']);
    }
    // Best times and sorting by likes are for the social platforms.
    const social = withPosts.filter((p): p is BestTimesPlatform =>
      (BEST_TIMES_PLATFORMS as readonly string[]).includes(p),
    );
    expect(social.length, `the demo's social posts of the period (${search})`).toBeGreaterThan(0);
    // Sorted by likes: asked again of the API, in its order.
    const platform = social.at(-1)!;
    if (platform !== withPosts.at(-1)) {
      await top
        .getByRole('group', { name: 'Top posts on' })
        .getByRole('button', { name: PLATFORM_LABELS[platform] })
        .click();
    }
    const sorted = await topPostsLikeThePage(page, () =>
      top.getByRole('button', { name: 'Likes', exact: true }).click(),
    );
    expect(new URL(`http://x${sorted.search}`).searchParams.get('sort')).toBe('likes');
    const table = top.getByRole('region', { name: `Top ${PLATFORM_LABELS[platform]} posts` }).getByRole('table');
    await expect.poll(() => table.locator('th[aria-sort="descending"]').textContent()).toBe('Likes');
    const headers = await headerTexts(table);
    expect(withoutDate(await rowTexts(table), headers)).toEqual(expectedTopRows(sorted.api[platform]!, headers));

    // Best times: the table under the heat map is the API's, and says whose times they are.
    const best = card(page, 'Best times to post');
    await best.getByRole('img', { name: /^Best times to post on/ }).waitFor();
    const times = (await pageApi<BestTimes>(page, 'GET', `/api/reports/best-times?zone=${encodeURIComponent(ZONE)}`))[
      social[0]!
    ]!;
    await best
      .getByRole('group', { name: 'Best times on' })
      .getByRole('button', { name: PLATFORM_LABELS[social[0]!] })
      .click();
    if (times.source === 'default') await best.getByText('A default, not yet your own results').waitFor();
    else
      await best.getByText(`From your ${counts.format(times.posts)} posts on ${PLATFORM_LABELS[social[0]!]}`).waitFor();
    await best.getByRole('button', { name: 'Show data table' }).click();
    const slots = best.getByRole('region', { name: 'Best times by slot' }).getByRole('table');
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(await rowTexts(slots)).toEqual(
      times.cells
        .filter((c) => c.score > 0 || c.posts > 0)
        .map((c) => [
          `${weekdays[c.weekday - 1]} ${String(c.hour).padStart(2, '0')}:00`,
          String(c.score),
          shown(c.engagement),
          counts.format(c.posts),
        ]),
    );
    await screenshot(page, 'post-analytics-report-1366', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The post page of the period's best post: its Results are the API's, day by day too.
    const postId = api[platform]![0]!.postId;
    await open(page, `/post/${postId}`, /.+/);
    const results = card(page, 'Results');
    await results.getByRole('img', { name: /^Likes, comments and shares over the post's first/ }).waitFor();
    const figures = await pageApi<PostFigures>(page, 'GET', `/api/reports/posts/${postId}`);
    const metric = (label: string) =>
      results.locator('.metric').filter({ has: page.locator('.metric__label', { hasText: new RegExp(`^${label}$`) }) });
    for (const [label, value] of [
      ['Engagement', figures.engagement],
      ['Likes', figures.likes],
      ['Comments', figures.comments],
      ['Shares', figures.shares],
      ['Impressions', figures.impressions],
      ['Reach', figures.reach],
    ] as const) {
      if (value === null) expect(await metric(label).count()).toBe(0);
      else expect(await metric(label).locator('.metric__value').textContent()).toBe(counts.format(value));
    }
    await results.getByRole('button', { name: 'Show data table' }).click();
    const days = results.getByRole('region', { name: 'Figures by day' }).getByRole('table');
    const dayHeaders = await headerTexts(days);
    expect((await rowTexts(days)).map((cells) => cells.slice(1))).toEqual(
      figures.readings.map((r) =>
        dayHeaders
          .slice(1)
          .map((h) =>
            shown(
              { Likes: r.likes, Comments: r.comments, Shares: r.shares, Impressions: r.impressions, Reach: r.reach }[
                h
              ] ?? null,
            ),
          ),
      ),
    );
    await screenshot(page, 'post-analytics-post-1366', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // At 390 px: both pages, tables open, still clean.
    await page.setViewportSize(PHONE);
    await untilLoaded(page);
    await screenshot(page, 'post-analytics-post-390', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await open(page, '/report?period=year', 'Reporting');
    await card(page, 'Best times to post')
      .getByRole('img', { name: /^Best times to post on/ })
      .waitFor();
    await card(page, 'Top posts').getByRole('table').waitFor();
    await screenshot(page, 'post-analytics-report-390', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }, 240_000);

  it("without a paid plan the routes answer 402 and the report says 'Subscribtion is required' with Upgrade", async () => {
    const owner = await verifiedAccount('Unpaid');
    const page = await openZonedPage(browser(), ZONE, WIDE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const company = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'Unpaid Bakery' });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(company.id), url: appUrl() }]);
    const gated = await page.request.get(new URL('/api/reports/best-times', appUrl()).toString());
    expect(gated.status()).toBe(402);

    await open(page, '/report', 'Reporting');
    for (const title of ['Top posts', 'Best times to post']) {
      const locked = card(page, title);
      await locked.getByText(messages.subscriptionRequired).waitFor();
      expect(await locked.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/settings/billing');
    }
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);
});
