import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localParts } from '@shared/calendar-time';
import { queueMessages } from '@shared/schemas/queue';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { pageApi } from './page-api';
import { payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * The queue in Chromium, in the Lisbon zone: a draft added to the queue from the editor says
 * where it went; the queue page (from the calendar's Queue link) lists it and a second one in
 * their slots; Move down swaps them; a draft's preview on the calendar adds it too; the slot form refuses a time that is no time and a day's
 * repeated time with the rules' sentences. A free plan sees 'Subscribtion is required'. axe finds
 * nothing at 1366 and 390 px (screenshots with E2E_SCREENSHOTS set).
 */
const ZONE = 'Europe/Lisbon';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const COPY =
  'Sourdough Saturday: the first loaves leave the oven at seven, and the cardamom buns follow at eight. Come early!';

interface ApiPost {
  id: number;
  scheduledAt: string | null;
}
interface Queue {
  platforms: { platform: string; slots: { at: string; post: ApiPost | null }[] }[];
}

const none = () => [[], [], [], [], [], [], []];
const everyDay = (...times: string[]) => Array.from({ length: 7 }, () => [...times]);

async function checked(page: Page, name: string) {
  await untilLoaded(page);
  await screenshot(page, `${name}-1366`, { fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
  await page.setViewportSize(PHONE);
  await untilLoaded(page);
  await screenshot(page, `${name}-390`, { fullPage: true });
  expect(await axeViolations(page), `${name} at 390 px`).toEqual([]);
  await page.setViewportSize(WIDE);
}

const draft = (page: Page, content: string) =>
  pageApi<ApiPost[]>(page, 'POST', '/api/calendar', { platforms: ['facebook'], content, files: [], action: 'save' });

const queuedIds = async (page: Page) =>
  (await pageApi<Queue>(page, 'GET', `/api/queue?zone=${ZONE}`)).platforms
    .find((p) => p.platform === 'facebook')!
    .slots.flatMap((s) => (s.post ? [s.post.id] : []));

describe('the posting queue', () => {
  const browser = useBrowser();

  it('Add to queue from the editor, the queue page with its slots, Move down, and the slot rules', async () => {
    const owner = await verifiedAccount('Queuer');
    const { page, url } = await openSession(browser(), { viewport: WIDE, timezoneId: ZONE });
    await signIn(page, url, owner);
    await payForPlan(page);
    await pageApi(page, 'PUT', '/api/queue/settings', {
      timeZone: ZONE,
      slots: {
        facebook: everyDay('09:00', '18:00'),
        instagram: none(),
        threads: none(),
        linkedin: none(),
        wordpress: none(),
      },
    });
    const [first] = await draft(page, `#first ${COPY}`);
    const [second] = await draft(page, `#second ${COPY}`);

    await page.goto(url(`/post/${first!.id}`));
    const add = page.getByRole('button', { name: 'Add to queue' });
    await add.waitFor({ timeout: 30_000 });
    await checked(page, 'queue-editor');
    await add.click();
    const status = page.getByRole('status').filter({ hasText: 'Queued:' });
    await status.waitFor();
    const [firstSlot] = await queuedIds(page);
    expect(firstSlot).toBe(first!.id);
    await expect.poll(() => status.textContent()).toMatch(/Facebook (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w+, (09|18):00/);
    await checked(page, 'queue-editor-added');
    await pageApi(page, 'POST', '/api/queue', { postIds: [second!.id] });

    await page.goto(url('/calendar'));
    await page.getByRole('link', { name: 'Queue', exact: true }).click();
    await page.getByRole('heading', { name: 'Queue', level: 1 }).waitFor({ timeout: 30_000 });
    const facebook = page.getByRole('list', { name: 'Facebook slots' });
    await facebook.getByRole('link', { name: /#first/ }).waitFor();
    await facebook.getByRole('link', { name: /#second/ }).waitFor();
    const items = facebook.getByRole('listitem').filter({ has: page.getByRole('link') });
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('#first'),
      expect.stringContaining('#second'),
    ]);
    // Each slot shows its local time in the company's zone.
    const firstTime = await items.first().locator('time').getAttribute('datetime');
    expect(['09:00', '18:00']).toContain(localParts(firstTime!, ZONE).time);
    await checked(page, 'queue-page');

    await page.getByRole('button', { name: `Move down: Facebook post ${first!.id}` }).click();
    await expect.poll(() => items.first().textContent()).toContain('#second');
    expect(await queuedIds(page)).toEqual([second!.id, first!.id]);
    expect(await items.first().locator('time').getAttribute('datetime')).toBe(firstTime);

    // The slot form's rules, checked on submit.
    const monday = page.getByRole('group', { name: 'Facebook' }).getByLabel('Monday');
    await monday.fill('25:00');
    await page.getByRole('button', { name: 'Save time slots' }).click();
    await page.getByText(queueMessages.time).waitFor();
    await monday.fill('09:00, 09:00');
    await page.getByRole('button', { name: 'Save time slots' }).click();
    await page.getByText(queueMessages.repeatedSlot).waitFor();
    await checked(page, 'queue-page-errors');
    await monday.fill('08:30');
    await page.getByRole('button', { name: 'Save time slots' }).click();
    await page.getByText(/Time slots saved/).waitFor();

    // From the calendar: a draft's preview adds it to the queue too.
    const [third] = await draft(page, `#third ${COPY}`);
    await page.goto(url('/calendar'));
    const chip = page.locator('li.movable-post', { hasText: '#third' });
    await chip.getByRole('button', { name: /^Preview Facebook post/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add to queue' }).click();
    // The post moves to its slot's day, and its preview with it: the toast says where.
    await page.getByText(/^Queued: Facebook \w{3} \d+ \w{3}, \d\d:\d\d\.$/).waitFor();
    expect(await queuedIds(page)).toContain(third!.id);
    await checked(page, 'queue-calendar-preview');
  }, 180_000);

  it("a free plan sees 'Subscribtion is required' with Upgrade", async () => {
    const owner = await verifiedAccount('Unpaid');
    const { page, url } = await openSession(browser(), { viewport: WIDE, timezoneId: ZONE });
    await signIn(page, url, owner);
    await page.goto(url('/queue'));
    await page.getByText('Subscribtion is required', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Upgrade' }).waitFor();
    await checked(page, 'queue-free');
  }, 120_000);
});
