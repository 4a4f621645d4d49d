import { COMPANY_COOKIE } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl } from './browser';
import { openZonedPage, pageApi } from './page-api';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * The calendar's ideas from the website audit, in Chromium: a demo company's audits give the
 * panel its ideas; Create draft makes the draft and opens it in the post editor; back on the
 * calendar the idea offers Open draft. Clean for axe, at 1366 and 390 px.
 */
const ZONE = 'Europe/London';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('ideas from the website audit on the calendar', () => {
  const browser = useBrowser();

  it('lists the ideas, makes a draft in one click and opens it in the editor', async () => {
    const owner = await verifiedAccount('Ideas');
    const page = await openZonedPage(browser(), ZONE, WIDE);
    await signIn(page, (p) => new URL(p, appUrl()).toString(), owner);
    const demo = await pageApi<{ id: number }>(page, 'POST', '/api/company', { name: 'Ideas Bakery', demo: true });
    await page.context().addCookies([{ name: COMPANY_COOKIE, value: String(demo.id), url: appUrl() }]);
    await expect
      .poll(
        async () =>
          (await pageApi<{ status: string }[]>(page, 'GET', '/api/seo/audits')).filter((a) => a.status === 'finished')
            .length,
        { timeout: 60_000 },
      )
      .toBe(2);

    await page.goto('/calendar');
    await untilLoaded(page);
    const panel = page.locator('details.ideas');
    await panel.locator('summary').click();
    const ideas = panel.getByRole('listitem');
    await ideas.first().waitFor();
    await panel.getByText('Write about “wholesale bread supplier bristol”').waitFor();
    await panel.getByText('Expand your thin page /visit/').waitFor();
    await screenshot(page, 'audit-ideas-desktop', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const idea = ideas.filter({ hasText: 'wholesale bread supplier bristol' });
    await idea.getByRole('button', { name: /Create draft/ }).click();
    await page.waitForURL(/\/blog\/\d+$/);
    const title = page.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toMatch(/^Wholesale Bread Supplier Bristol: /);
    expect(await page.getByLabel('Content').inputValue()).toContain('“wholesale bread supplier bristol”');
    const postId = new URL(page.url()).pathname.split('/').pop();

    await page.goto('/calendar');
    await untilLoaded(page);
    await panel.locator('summary').click();
    const open = idea.getByRole('link', { name: 'Open draft' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toBe(`/blog/${postId}`);

    const phone = await openZonedPage(browser(), ZONE, PHONE, await page.context().storageState());
    await phone.goto('/calendar');
    await untilLoaded(phone);
    await phone.locator('details.ideas summary').click();
    await phone.locator('details.ideas').getByRole('link', { name: 'Open draft' }).waitFor();
    await screenshot(phone, 'audit-ideas-phone', { fullPage: true });
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    await page.context().close();
  }, 90_000);
});
