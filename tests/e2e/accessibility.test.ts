import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl, newContext } from './browser';
import { signedInPages, signedOutPages, unlistedRoutes, type PageVisit } from './pages';
import { confirmDialog, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/** axe-core (WCAG 2.1 AA) finds nothing on any page, signed in or out, nor in the states forms and dialogs reach. */

async function open(
  browser: Browser,
  state?: BrowserContextOptions['storageState'],
  viewport = { width: 1280, height: 800 },
) {
  // bypassCSP: the app's CSP (script-src 'self') would refuse the injected axe script.
  const context = await newContext(browser, { storageState: state, viewport, bypassCSP: true });
  return { context, page: await context.newPage() };
}

async function visit(page: Page, target: PageVisit) {
  await page.goto(target.path);
  await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
  // The whole page, not its first paint: parts that load after the heading are scanned too.
  await untilLoaded(page);
}

async function scanEach(page: Page, targets: PageVisit[]) {
  const found: string[] = [];
  for (const target of targets) {
    await visit(page, target);
    found.push(...(await axeViolations(page)).map((line) => `${target.path} ${line}`));
  }
  return found;
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  const browser = useBrowser();

  it('scans every route of the router', () => {
    expect(unlistedRoutes()).toEqual([]);
  });

  it('finds nothing on any signed-out page, nor on forms showing their errors', { timeout: 300_000 }, async () => {
    const { context, page } = await open(browser());
    const found = await scanEach(page, signedOutPages);
    await visit(page, signedOutPages.find((p) => p.path === '/auth/register') ?? signedOutPages[0]!);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').first().waitFor();
    found.push(...(await axeViolations(page)).map((line) => `/auth/register (errors) ${line}`));
    await context.close();
    expect(found).toEqual([]);
  });

  it(
    'finds nothing on any signed-in page, with the menu open on a phone, or in the confirm dialog',
    { timeout: 300_000 },
    async () => {
      const account = await verifiedAccount('Axe');
      const { context: signing, page: signingPage } = await open(browser());
      await signIn(signingPage, (p) => new URL(p, appUrl()).toString(), account);
      const state = await signing.storageState();
      await signing.close();

      const { context, page } = await open(browser(), state);
      const found = await scanEach(page, signedInPages);

      await page.goto('/settings/company-info');
      await page.getByLabel('Website').fill('ftp://nope');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Enter a valid website address', { exact: true }).waitFor();
      found.push(...(await axeViolations(page)).map((line) => `/settings/company-info (errors) ${line}`));

      await page.goto('/settings/companies');
      await page.getByLabel('Company name').fill('Second Shop');
      await page.getByRole('button', { name: 'Create company' }).click();
      // Sonner shows a toast once it has mounted it; before that it is transparent.
      await page
        .locator('[data-sonner-toast][data-mounted="true"]', { hasText: 'Second Shop has been created.' })
        .waitFor();
      await page
        .locator('section.card', { hasText: 'Second Shop' })
        .getByRole('button', { name: 'Delete company' })
        .click();
      await confirmDialog(page).getByRole('button', { name: 'Delete company' }).waitFor();
      found.push(...(await axeViolations(page)).map((line) => `/settings/companies (dialog, toast) ${line}`));
      await context.close();

      const phone = await open(browser(), state, { width: 390, height: 844 });
      await phone.page.goto('/');
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      await phone.page.getByRole('button', { name: 'Close menu', expanded: true }).waitFor();
      found.push(...(await axeViolations(phone.page)).map((line) => `/ (phone, menu open) ${line}`));
      await phone.context.close();

      expect(found).toEqual([]);
    },
  );
});
