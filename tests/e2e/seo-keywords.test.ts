import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { SEO_KEYWORD_LIMIT, seoKeywordMessages, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { confirmDialog, payForPlan, screenshot, signIn, useBrowser, verifiedAccount } from './support';

/**
 * /seo-keywords in Chromium: the subscription gate and its Upgrade button, the website gate, then
 * a paid company with a website generates keywords (the offline AI), reads the estimates, picks
 * some, sees select-all stop at the limit of 10 and the limit sentence, saves through the confirm
 * dialog and finds its choice after a reload. Failed calls say the server's sentence or the
 * page's own. axe finds nothing in any state (screenshots for review with E2E_SCREENSHOTS set).
 */

const api = (page: Page, method: 'POST' | 'PATCH' | 'GET', path: string, data?: unknown) =>
  page.request.fetch(`${appUrl()}${path}`, { method, data, headers: { origin: appUrl() } });

/** Toasts are the toast library's (scanned by the accessibility suite): the page is checked without them. */
async function expectNoAxeViolations(page: Page, state: string) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  expect(await axeViolations(page), state).toEqual([]);
}

const shot = (page: Page, name: string, fullPage = true) => screenshot(page, `seo-keywords-${name}`, { fullPage });

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'SEO Keywords' });
const table = (page: Page) => page.getByRole('table');
const rows = (page: Page) => table(page).locator('tbody tr');
const selectAllBox = (page: Page) => page.getByRole('checkbox', { name: /Select all keywords/ });
const panel = (page: Page) =>
  page.locator('section.card', { has: page.getByRole('heading', { name: 'Selected Keywords' }) });
const chips = (page: Page) => panel(page).getByRole('listitem');
const limitSentence = (page: Page) => page.getByText(seoKeywordMessages.tooMany, { exact: true });

/** The keywords whose boxes are ticked, in table order. */
const checkedKeywords = (page: Page) =>
  rows(page).evaluateAll((trs) =>
    trs
      .filter((tr) => tr.querySelector<HTMLInputElement>('input[type=checkbox]')?.checked)
      .map((tr) => tr.querySelector('label')?.textContent ?? ''),
  );
const keywordAt = async (page: Page, index: number) =>
  (await rows(page).nth(index).locator('label').textContent()) ?? '';

describe('the SEO keywords page', () => {
  const browser = useBrowser();

  it('asks a company without a paid plan to upgrade, and Upgrade leads to billing', async () => {
    const account = await verifiedAccount('KeywordsFree');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    expect(
      (await api(page, 'PATCH', '/api/company/company', { website: 'https://free-bakery.example' })).status(),
    ).toBe(200);
    await page.goto(url('/seo-keywords'));
    await heading(page).waitFor();
    await page.getByText(messages.subscriptionRequired, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate Keywords' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'subscription required');
    await shot(page, 'subscription-required');

    // The API holds the same line: generating without a paid plan is the upgrade prompt's 402.
    const refused = await api(page, 'POST', '/api/seo/keywords/generate');
    expect(refused.status()).toBe(402);
    expect(((await refused.json()) as { message: string }).message).toBe(messages.upgradeRequired);

    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/billing');
    await page.getByRole('heading', { name: 'Plan & Usage' }).waitFor();
  });

  it('generates keywords, selects up to 10, saves them through the confirm dialog and finds them after a reload', async () => {
    const account = await verifiedAccount('Keywords');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    await payForPlan(page);
    const company = await api(page, 'PATCH', '/api/company/company', {
      description:
        "Rosa's Bakery is a family-run artisan bakery in Bristol baking sourdough, pastries and celebration cakes every morning.",
      locations: ['Bristol, UK', 'Bath, UK'],
      customers: 'Busy families and coffee lovers in Bristol who want fresh bread.',
    });
    expect(company.status()).toBe(200);

    // Paid, but no website yet.
    await page.goto(url('/seo-keywords'));
    await heading(page).waitFor();
    await page.getByText('Add a website', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Company Information' }).getAttribute('href')).toBe(
      '/settings/company-info',
    );
    await expectNoAxeViolations(page, 'no website');
    // The API refuses to generate without a website, with the spec's sentence.
    const noSite = await api(page, 'POST', '/api/seo/keywords/generate');
    expect(noSite.ok()).toBe(false);
    expect(((await noSite.json()) as { message: string }).message).toBe(messages.websiteNotRegistered);

    expect(
      (await api(page, 'PATCH', '/api/company/company', { website: 'https://rosas-bakery.example' })).status(),
    ).toBe(200);
    await page.reload();
    await page.getByText(seoKeywordMessages.empty, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'empty');
    await shot(page, 'empty');

    // Generation is a job: its message while it runs (its polls held here, so the state is seen
    // however fast the offline AI is), then the table and the toast.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/lrp/**', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Generate Keywords' }).click();
    const progress = page.getByRole('status').filter({ hasText: seoKeywordMessages.generating });
    await progress.waitFor();
    expect(await progress.locator('.spinner').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Generate Keywords' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'generating');
    await shot(page, 'generating', false);
    release();
    await page.unroute('**/api/lrp/**');
    await page.getByText(seoKeywordMessages.generated, { exact: true }).waitFor({ timeout: 60_000 });
    await table(page).waitFor();
    for (const column of ['Keyword', 'Volume', 'Difficulty', '$ CPC']) {
      await table(page).getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    const count = await rows(page).count();
    expect(count).toBeGreaterThan(SEO_KEYWORD_LIMIT);
    expect(await table(page).getByText('Recommended', { exact: true }).count()).toBeGreaterThan(0);
    // Recommended first; volume with separators, difficulty 0–100 with its band, CPC in dollars.
    expect(await rows(page).first().getByText('Recommended').count()).toBe(1);
    const cells = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    for (const [, , volume, difficulty, cpc] of cells) {
      expect(volume).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(difficulty).toMatch(/^\d{1,3}(Easy|Medium|Hard)$/);
      expect(cpc).toMatch(/^\$\d+\.\d{2}$/);
    }
    await page.getByText(/are estimates/).waitFor();
    await panel(page).getByText('0 of 10 selected').waitFor();
    await expectNoAxeViolations(page, 'generated');

    // Pick three by their boxes (and one by its label).
    const picked = [await keywordAt(page, 0), await keywordAt(page, 2), await keywordAt(page, 4)];
    await page.getByRole('checkbox', { name: picked[0], exact: true }).check();
    await page.getByRole('checkbox', { name: picked[1], exact: true }).check();
    await rows(page).nth(4).locator('label').click();
    expect(await checkedKeywords(page)).toEqual(picked);
    expect(await chips(page).allTextContents()).toEqual(picked);
    await panel(page).getByText('3 of 10 selected').waitFor();
    await panel(page).getByText('Unsaved changes').waitFor();

    // Select-all fills up to the limit and says why it stopped; pressed again it clears.
    await selectAllBox(page).click();
    await panel(page).getByText('10 of 10 selected').waitFor();
    expect((await checkedKeywords(page)).length).toBe(SEO_KEYWORD_LIMIT);
    expect(await checkedKeywords(page)).toEqual(expect.arrayContaining(picked));
    await limitSentence(page).waitFor();
    expect(await selectAllBox(page).isChecked()).toBe(true);
    await shot(page, 'selected');
    await expectNoAxeViolations(page, 'limit reached');

    // An eleventh box is ignored and the sentence says why.
    await panel(page)
      .getByRole('button', { name: `Remove ${picked[1]}` })
      .click();
    await panel(page).getByText('9 of 10 selected').waitFor();
    expect(await limitSentence(page).count()).toBe(0);
    await page.getByRole('checkbox', { name: picked[1], exact: true }).check();
    await panel(page).getByText('10 of 10 selected').waitFor();
    const unchecked = rows(page)
      .filter({ has: page.locator('input[type=checkbox]:not(:checked)') })
      .first();
    await unchecked.locator('input[type=checkbox]').click();
    await limitSentence(page).waitFor();
    expect(await unchecked.locator('input[type=checkbox]').isChecked()).toBe(false);
    expect((await checkedKeywords(page)).length).toBe(SEO_KEYWORD_LIMIT);

    await selectAllBox(page).click();
    await panel(page).getByText('0 of 10 selected').waitFor();
    expect(await checkedKeywords(page)).toEqual([]);
    expect(await limitSentence(page).count()).toBe(0);

    // Choose four, then save them after the confirm dialog's question.
    const chosen = [picked[0], picked[1], await keywordAt(page, 6), await keywordAt(page, count - 1)];
    for (const keyword of chosen) await page.getByRole('checkbox', { name: keyword, exact: true }).check();
    await panel(page).getByText('4 of 10 selected').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = confirmDialog(page);
    await dialog.getByText(seoKeywordMessages.confirmSave, { exact: true }).waitFor();
    await shot(page, 'confirm', false);
    await expectNoAxeViolations(page, 'confirm dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(seoKeywordMessages.saved, { exact: true }).waitFor();
    await panel(page).getByText('Saved', { exact: true }).waitFor();

    // The saved choice is the server's: after a reload, and in the API's answer.
    await page.reload();
    await table(page).waitFor();
    expect((await checkedKeywords(page)).sort()).toEqual([...chosen].sort());
    expect((await chips(page).allTextContents()).sort()).toEqual([...chosen].sort());
    await panel(page).getByText('Saved', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    const list = (await (await api(page, 'GET', '/api/seo/keywords')).json()) as SeoKeyword[];
    expect(
      list
        .filter((k) => k.isSelected)
        .map((k) => k.keyword)
        .sort(),
    ).toEqual([...chosen].sort());
    await expectNoAxeViolations(page, 'saved');
    await shot(page, 'saved');
    // The API keeps the limit too, with the page's sentence.
    const tooMany = await api(
      page,
      'POST',
      '/api/seo/keywords',
      list.slice(0, SEO_KEYWORD_LIMIT + 1).map((k) => k.keyword),
    );
    expect(tooMany.status()).toBe(422);
    expect(((await tooMany.json()) as { message: string }).message).toBe(seoKeywordMessages.tooMany);

    // On a phone: the table fits its card and the panel follows it.
    await page.setViewportSize({ width: 390, height: 844 });
    await table(page).waitFor();
    // One column: the panel under the table.
    await expect
      .poll(async () => {
        const [tableBox, panelBox] = await Promise.all([table(page).boundingBox(), panel(page).boundingBox()]);
        return !!tableBox && !!panelBox && panelBox.y >= tableBox.y + tableBox.height;
      })
      .toBe(true);
    await shot(page, 'phone');
    await shot(page, 'phone-top', false);
    await screenshot(panel(page), 'seo-keywords-phone-panel');
    await expectNoAxeViolations(page, 'phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Failures: the server's sentence when it sends one, the page's own otherwise.
    await page.route('**/api/seo/keywords/generate', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: messages.websiteNotRegistered }),
      }),
    );
    await page.getByRole('button', { name: 'Generate Keywords' }).click();
    await page.getByText(messages.websiteNotRegistered, { exact: true }).waitFor();
    await page.route('**/api/seo/keywords', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: `Remove ${chosen[0]}` }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmDialog(page).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(seoKeywordMessages.saveFailed, { exact: true }).waitFor();
    // Nothing was saved: the choice in progress stays, unsaved.
    await panel(page).getByText('Unsaved changes').waitFor();
    await panel(page).getByText('3 of 10 selected').waitFor();
  });
});
