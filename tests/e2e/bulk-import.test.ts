import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localParts } from '@shared/calendar-time';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { serveSite } from '../support/loopback-site';
import { pageApi } from './page-api';
import { DESKTOP, payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * The import page in Chromium, in the Lisbon zone: a CSV with a bad row is refused row by row
 * and nothing can be imported; the fixed file shows a duplicate of a post already scheduled as a
 * warning, imports on confirmation, and its posts are on the calendar with the duplicate flagged.
 * A feed is added from the same page, shows its last read, and its new entry becomes drafts on
 * "Check now". axe finds nothing at desktop or at 390 px (screenshots with E2E_SCREENSHOTS set).
 */
const ZONE = 'Europe/Lisbon';
const PHONE = { width: 390, height: 844 };
const COPY =
  'Harbour walk this Saturday: meet at the old lighthouse at ten, coffee and pastries on us, dogs welcome as always!';

const dayAhead = (n: number) => localParts(new Date(Date.now() + n * 86_400_000), ZONE).day;

async function checked(page: Page, name: string) {
  await untilLoaded(page);
  await screenshot(page, name, { fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

async function chooseCsv(page: Page, name: string, rows: string[]) {
  await page.getByLabel(/Choose (a CSV|another) file/).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(['platforms,copy,title,media_urls,date,time', ...rows].join('\r\n')),
  });
}

describe('bulk import', () => {
  const browser = useBrowser();

  it('a CSV refused row by row, then imported on confirmation, its posts on the calendar with a duplicate flagged', async () => {
    const owner = await verifiedAccount('Importer');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP, timezoneId: ZONE });
    await signIn(page, url, owner);
    await payForPlan(page);
    const day = dayAhead(3);
    // Already scheduled: the import's row with the same copy in other case is flagged, not refused.
    await pageApi(page, 'POST', '/api/calendar', {
      platforms: ['facebook'],
      content: COPY,
      files: [],
      scheduledAt: new Date(Date.parse(`${day}T11:00:00Z`)).toISOString(),
      action: 'schedule',
    });

    await page.goto(url(`/calendar/${day}`));
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    // The page's chunk, fetched on this first visit: a loaded machine takes its time.
    await page.getByRole('heading', { name: 'Import posts', exact: true }).waitFor({ timeout: 30_000 });
    await checked(page, 'import-empty');

    const good = [
      `facebook,"${COPY.toUpperCase()}",,,${day},18:00`,
      `linkedin;threads,"Our autumn opening hours start on Monday: seven in the morning to seven at night, every weekday.",,,${day},09:00`,
    ];
    await chooseCsv(page, 'posts-bad.csv', [...good, `instagram,"Too short.",,,${day},12:00`]);
    const report = page.getByRole('region', { name: 'Rows of the file' });
    await page.getByText('1 row has problems').waitFor();
    await report
      .getByText('Instagram: Post copy content must be at least 80 characters long.', { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: /Import and schedule/ }).isDisabled()).toBe(true);
    await checked(page, 'import-report-bad');

    await chooseCsv(page, 'posts.csv', good);
    await page.getByText('2 rows are ready: 3 posts').waitFor();
    await report.getByText(/Facebook: the same copy is already scheduled within a week/).waitFor();
    await checked(page, 'import-report');
    await page.setViewportSize(PHONE);
    await checked(page, 'import-report-390');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Import and schedule 3 posts' }).click();
    await page.getByText('3 posts imported.').waitFor();
    await page.getByRole('heading', { name: 'Earlier imports' }).waitFor();
    await page.getByRole('link', { name: 'See them on the calendar' }).click();
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.goto(url(`/calendar/${day}`));
    await expect.poll(() => page.locator(`[data-day="${day}"] .post-chip`).count(), { timeout: 15_000 }).toBe(4);

    // Both Facebook posts: each repeats the other.
    const warning = page.getByText('2 possible duplicates');
    await warning.waitFor();
    await warning.click();
    await page
      .getByRole('region', { name: '2 possible duplicates' })
      .getByRole('link', { name: /Facebook post \d+/ })
      .first()
      .waitFor();
    await checked(page, 'import-calendar');
    await page.setViewportSize(PHONE);
    await checked(page, 'import-calendar-390');
    await page.setViewportSize(DESKTOP);

    // The editor says it too, and still offers to schedule (the list is still open).
    await page
      .getByRole('region', { name: '2 possible duplicates' })
      .getByRole('link', { name: /Facebook post \d+/ })
      .first()
      .click();
    await page.getByText('Possible duplicate', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText(/The same copy is scheduled on Facebook within a week/).waitFor();
    await checked(page, 'import-editor-duplicate');
  });

  it('a feed added on the import page: its last read shown, a new entry drafted on Check now, then removed', async () => {
    const entries = ['first'];
    const site = await serveSite((_req, res) => {
      const items = entries
        .map(
          (name) =>
            `<item><guid>${name}</guid><title>Harbour journal: the ${name} entry</title><link>https://harbour.example/${name}</link><description>How the ${name} loaf of the season came out of the oven.</description></item>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Harbour Journal</title>${items}</channel></rss>`,
      );
    });
    try {
      const owner = await verifiedAccount('Feeder');
      const { page, url } = await openSession(browser(), { viewport: DESKTOP, timezoneId: ZONE });
      await signIn(page, url, owner);
      await page.goto(url('/import'));
      await page.getByRole('heading', { name: 'From a feed' }).waitFor();

      await page.getByLabel('Feed address (RSS or Atom)').fill('http://169.254.169.254/latest/');
      await page.getByRole('button', { name: 'Add feed' }).click();
      await page.getByText('This address points to a private network and cannot be fetched.').waitFor();

      await page.getByLabel('Feed address (RSS or Atom)').fill(`${site.origin}/feed.xml`);
      await page.getByRole('checkbox', { name: 'Threads' }).check();
      await page.getByRole('button', { name: 'Add feed' }).click();
      const feeds = page.getByRole('list', { name: 'Feeds' });
      await feeds.getByText('Harbour Journal').waitFor();
      await feeds.getByText(/Drafts for Facebook, LinkedIn, Threads\. Last read/).waitFor();
      await feeds.getByText(/Next read/).waitFor();

      entries.unshift('second');
      await feeds.getByRole('button', { name: 'Check now' }).click();
      await page.getByText('1 new entry became drafts.').first().waitFor();
      const drafts = await pageApi<{ status: string; content: string }[]>(page, 'GET', '/api/calendar/list');
      expect(drafts.map((d) => d.status)).toEqual(['draft', 'draft', 'draft']);
      expect(drafts.every((d) => d.content.includes('https://harbour.example/second'))).toBe(true);
      await checked(page, 'feeds');
      await page.setViewportSize(PHONE);
      await checked(page, 'feeds-390');

      await page.getByRole('button', { name: 'Remove Harbour Journal' }).click();
      await page.getByRole('button', { name: 'Remove feed' }).click();
      await page.getByText('No feeds yet').waitFor();
    } finally {
      await site.close();
    }
  });
});
