import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarMessages } from '@shared/schemas/calendar';
import { generateMessages } from '@shared/schemas/calendar-generate';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { DESKTOP, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * AI generation into the calendar in Chromium (Lisbon zone, offline AI): Generate... for Facebook
 * and Threads over the coming week puts one distinct draft per platform on each day; a draft is
 * dragged to another day; its preview shows it as the platform's feed would. Axe on every state
 * (screenshots for review with E2E_SCREENSHOTS set).
 */
const ZONE = 'Europe/Lisbon';
const BUSINESS = 'Harbour Lane Coffee';

const localDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + offset * 86_400_000));
const dayOf = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(instant));

interface ApiPost {
  id: number;
  platform: string;
  content: string;
  status: string;
  date: string;
  error: string | null;
}

async function check(page: Page, name: string) {
  await untilLoaded(page);
  await screenshot(page, `calendar-generate-${name}`, { fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

const postsBetween = (page: Page, from: string, to: string) =>
  page.evaluate(
    async ({ from, to, zone }) =>
      (await (
        await fetch(`/api/calendar/list/range?zone=${encodeURIComponent(zone)}&from=${from}&to=${to}`)
      ).json()) as ApiPost[],
    { from, to, zone: ZONE },
  );

describe('AI generation, drag to reschedule and previews', () => {
  const browser = useBrowser();

  it('generates distinct drafts for two platforms over a week, moves one by dragging, previews it', async () => {
    const owner = await verifiedAccount('Generator');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP, timezoneId: ZONE });
    await signIn(page, url, owner);
    await page.evaluate(async (name) => {
      const saved = await fetch('/api/company/company', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          description: `${name} roasts single-origin beans every morning and serves espresso, pastries and brunch by the river.`,
          tone: 'Warm and friendly',
        }),
      });
      if (!saved.ok) throw new Error(`company update answered ${saved.status}`);
    }, BUSINESS);
    const from = localDay(1);
    const to = localDay(7);

    await page.goto(url(`/calendar/${from}/month/calendar`));
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.locator('summary', { hasText: 'Generate...' }).click();
    await page.getByRole('button', { name: 'Social Media posts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate social media posts' });
    await dialog.waitFor();

    // Invalid until a platform and both dates are chosen; it says what is missing once the user has
    // been at that part, not on the form as it opens.
    const generate = dialog.getByRole('button', { name: 'Generate', exact: true });
    expect(await generate.isDisabled()).toBe(true);
    expect(await dialog.getByText(calendarMessages.platformsRequired).count()).toBe(0);
    expect(await dialog.getByText(generateMessages.dateRangeRequired).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Instagram' }).check();
    await dialog.getByRole('checkbox', { name: 'Instagram' }).uncheck();
    await dialog.getByText(calendarMessages.platformsRequired).waitFor();
    expect(await dialog.getByText(generateMessages.dateRangeRequired).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Next month' }).focus();
    await dialog.getByLabel('Special instructions (optional)').focus();
    await dialog.getByText(generateMessages.dateRangeRequired).waitFor();
    // Yesterday and the 46th day ahead cannot be chosen.
    const yesterday = dialog.locator(`[data-day="${localDay(-1)}"]`);
    if (await yesterday.count()) expect(await yesterday.isDisabled()).toBe(true);
    await check(page, 'dialog-empty');

    await dialog.getByRole('checkbox', { name: 'Facebook' }).check();
    await dialog.getByRole('checkbox', { name: 'Threads' }).check();
    expect(await generate.isDisabled()).toBe(true);

    const pick = async (day: string) => {
      const button = dialog.locator(`[data-day="${day}"]`);
      if (!(await button.count())) await dialog.getByRole('button', { name: 'Next month' }).click();
      await button.click();
    };
    // The first click sets the start; a click earlier than the start starts again from there.
    await pick(localDay(3));
    await dialog.getByText(/now choose the last day/).waitFor();
    if (!(await dialog.locator(`[data-day="${from}"]`).count()))
      await dialog.getByRole('button', { name: 'Previous month' }).click();
    await pick(from);
    expect(await dialog.locator(`[data-day="${localDay(3)}"]`).getAttribute('aria-pressed')).toBe('false');
    await pick(to);
    expect(await dialog.locator(`[data-day="${to}"]`).getAttribute('aria-pressed')).toBe('true');
    expect(await generate.isDisabled()).toBe(false);
    await dialog.getByLabel('Special instructions (optional)').fill('Please mention our new oat milk flat white.');
    await dialog.getByLabel('Exclusions (optional)').fill("Don't mention prices");
    await check(page, 'dialog-filled');

    await generate.click();
    await dialog.getByText('Generating your posts.').waitFor();
    await check(page, 'dialog-running');
    await dialog.getByText(/14 drafts added to your calendar/).waitFor({ timeout: 60_000 });
    await check(page, 'dialog-done');
    await dialog.getByRole('button', { name: 'Show in calendar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // One draft per platform on each of the seven days, all different, all naming the business.
    const posts = await postsBetween(page, from, to);
    expect(posts).toHaveLength(14);
    expect(new Set(posts.map((p) => p.content)).size).toBe(14);
    for (const post of posts) {
      expect(post.status).toBe('draft');
      expect(post.error).toBeNull();
      expect(post.content).toContain(BUSINESS);
    }
    for (let i = 1; i <= 7; i++) {
      const day = localDay(i);
      expect(
        posts
          .filter((p) => dayOf(p.date) === day)
          .map((p) => p.platform)
          .sort(),
        day,
      ).toEqual(['facebook', 'threads']);
    }
    // And the calendar shows them there: two chips on every day of the range it has on screen.
    const chipsOn = (day: string) => page.locator(`[data-day="${day}"] .post-chip`);
    await expect.poll(() => chipsOn(from).count()).toBe(2);
    for (let i = 1; i <= 7; i++) {
      const day = localDay(i);
      if (await page.locator(`[data-day="${day}"]`).count()) expect(await chipsOn(day).count(), day).toBe(2);
    }
    await check(page, 'month');

    // Drag the Facebook draft of the first day to a day the grid shows without drafts.
    const facebook = posts.find((p) => p.platform === 'facebook' && dayOf(p.date) === from);
    if (!facebook) throw new Error('no Facebook draft on the first day');
    let target = '';
    for (const day of [localDay(0), localDay(8), localDay(9)])
      if (await page.locator(`[data-day="${day}"]`).count()) {
        target = day;
        break;
      }
    expect(target).not.toBe('');
    const targetBefore = await chipsOn(target).count();
    await page
      .locator(`[data-day="${from}"] .post-chip[data-post-id="${facebook.id}"]`)
      .dragTo(page.locator(`[data-day="${target}"]`));
    await page.getByText('Post moved.').waitFor();
    await expect.poll(() => chipsOn(target).count()).toBe(targetBefore + 1);
    await expect.poll(() => chipsOn(from).count()).toBe(1);
    const moved = (await postsBetween(page, target, target)).find((p) => p.id === facebook.id);
    expect(moved?.status).toBe('draft');
    // The time of day stays: 09:00 for the first platform chosen, wherever it lands.
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(
        new Date(moved?.date ?? ''),
      ),
    ).toBe(
      new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(
        new Date(facebook.date),
      ),
    );
    await check(page, 'moved');

    // Its preview, opened from the calendar, shows it as Facebook's feed would.
    await page
      .locator(`[data-day="${target}"] .movable-post`, { has: page.locator(`[data-post-id="${facebook.id}"]`) })
      .getByRole('button', { name: /^Preview Facebook post/ })
      .click();
    const preview = page.getByRole('dialog', { name: 'Facebook preview' });
    await preview.waitFor();
    const card = preview.getByRole('article', { name: 'Facebook preview' });
    await card.getByText(BUSINESS, { exact: true }).waitFor();
    expect(await card.textContent()).toContain(facebook.content.split('\n')[0]);
    await check(page, 'preview');

    // The keyboard's way to move it: a day and a time in the preview.
    await preview.getByLabel('Move to day').fill(localDay(2));
    await preview.getByLabel('Time').fill('16:30');
    await preview.getByRole('button', { name: 'Move', exact: true }).click();
    await preview.waitFor({ state: 'detached' });
    const again = (await postsBetween(page, localDay(2), localDay(2))).find((p) => p.id === facebook.id);
    expect(again && dayOf(again.date)).toBe(localDay(2));

    // The week view: dragging shows times of day in every column; the post lands on the day and time.
    await page.goto(url(`/calendar/${localDay(2)}/week/calendar`));
    const source = page.locator(`[data-day="${localDay(2)}"] .post-chip[data-post-id="${facebook.id}"]`);
    await source.waitFor();
    const days = await page
      .locator('.cal__day[data-day]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')));
    const weekTarget = days.find((d) => d && d !== localDay(2));
    if (!weekTarget) throw new Error('no other day in the week');
    const box = await source.boundingBox();
    if (!box) throw new Error('the chip is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 });
    const slot = page.locator(`[data-day="${weekTarget}"] .drop-slots__slot[data-time="18:00"]`);
    await slot.waitFor();
    await screenshot(page, 'calendar-generate-week-dragging');
    // Under load the grid can still settle after the slots appear: the drop waits until the
    // pointer is over the 18:00 slot (the slot marks itself), measuring again if it moved.
    await expect
      .poll(async () => {
        const slotBox = await slot.boundingBox();
        if (!slotBox) return false;
        await page.mouse.move(slotBox.x + slotBox.width / 2, slotBox.y + slotBox.height / 2, { steps: 5 });
        return slot.evaluate((el) => el.classList.contains('drop-slots__slot--over'));
      })
      .toBe(true);
    await page.mouse.up();
    await page.getByText('Post moved.').waitFor();
    await expect
      .poll(async () => (await postsBetween(page, weekTarget, weekTarget)).find((p) => p.id === facebook.id)?.date)
      .toBeDefined();
    const landed = (await postsBetween(page, weekTarget, weekTarget)).find((p) => p.id === facebook.id);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(
        new Date(landed?.date ?? ''),
      ),
    ).toBe('18:00');
    await page.locator('.drop-slots').first().waitFor({ state: 'detached' });
    await check(page, 'week-moved');
  });

  it('previews a post for each platform of its group: copy cut where each app cuts it, a link card', async () => {
    const owner = await verifiedAccount('Previewer');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP, timezoneId: ZONE });
    await signIn(page, url, owner);
    const day = localDay(2);
    const copy = `${'Fresh bread every morning from our wood-fired oven, baked by hand. '.repeat(8)}Order at https://bakery.example.com/order today.`;
    const created = await page.evaluate(
      async ({ content, scheduledAt }) => {
        const res = await fetch('/api/calendar', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            platforms: ['facebook', 'linkedin'],
            content,
            files: [],
            scheduledAt,
            action: 'save',
          }),
        });
        return (await res.json()) as { id: number }[];
      },
      { content: copy, scheduledAt: new Date(`${day}T10:00:00Z`).toISOString() },
    );
    expect(created).toHaveLength(2);
    await page.goto(url(`/calendar/${day}/month/calendar`));
    await page.locator(`[data-day="${day}"] .movable-post`).first().waitFor();
    await page
      .locator(`[data-day="${day}"]`)
      .getByRole('button', { name: /^Preview Facebook post/ })
      .click();
    const preview = page.getByRole('dialog', { name: 'Facebook preview' });
    await preview.waitFor();
    // Facebook cuts at about 480 characters behind "See more"; the address becomes a link card.
    const facebookCard = preview.getByRole('article', { name: 'Facebook preview' });
    await facebookCard.getByRole('button', { name: 'See more' }).waitFor();
    expect((await facebookCard.locator('.preview-copy').textContent())?.length).toBeLessThan(500);
    expect(await facebookCard.locator('.preview-link__host').textContent()).toBe('BAKERY.EXAMPLE.COM');
    await check(page, 'preview-facebook-cut');
    await facebookCard.getByRole('button', { name: 'See more' }).click();
    await facebookCard.getByText('today.', { exact: false }).waitFor();

    // The LinkedIn sibling, as LinkedIn shows it: cut sooner.
    await preview.getByRole('button', { name: 'LinkedIn', exact: true }).click();
    const linkedin = page.getByRole('dialog', { name: 'LinkedIn preview' });
    const linkedinCard = linkedin.getByRole('article', { name: 'LinkedIn preview' });
    await linkedinCard.getByRole('button', { name: 'see more' }).waitFor();
    expect((await linkedinCard.locator('.preview-copy').textContent())?.length).toBeLessThan(230);
    await check(page, 'preview-linkedin');
  });
});
