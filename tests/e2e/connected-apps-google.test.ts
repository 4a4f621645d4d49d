import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { openSession } from './browser';
import {
  screenshot,
  serveFeatureFlags,
  signIn,
  untilLoaded,
  useBrowser,
  useSignedInState,
  verifiedAccount,
} from './support';

/**
 * Settings → apps in Chromium on the embedded runtime: WordPress connects through the
 * sandbox site's authorize-application page after the site dialog (the spec's rule on submit),
 * Search Console through Google's sandbox consent then a property from the chooser, Google My
 * Business the same with an account; a grant Google took back shows spec 02 §8's warning; with
 * a flag off its entry is not there. axe finds nothing on the tab or in the dialog.
 */
const row = (page: Page, platform: string) => page.locator(`li.connection[data-platform="${platform}"]`);

/** The platform sandbox's origin, read off a social connect answer (the WordPress site lives at its root). */
async function sandboxSite(page: Page): Promise<string> {
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/integrations/linkedin/connect', { credentials: 'include' });
    return (await res.json()) as { url: string };
  });
  return new URL(answer.url).origin;
}

async function approveAtGoogle(page: Page, platform: string) {
  await page.getByRole('heading', { name: 'Google sandbox' }).waitFor();
  await page.getByLabel('Google account name').fill('Gina Google');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/settings/apps');
  await row(page, platform).getByRole('switch').waitFor();
}

describe('connected apps: WordPress, Search Console and Google My Business', () => {
  const browser = useBrowser();

  it('connects WordPress, chooses a Search Console property and a Business Profile account', async () => {
    const account = await verifiedAccount('Google');
    const { page, context, url } = await openSession(browser());
    try {
      await signIn(page, url, account);
      await page.goto(url('/settings/apps'));
      await row(page, 'wordpress').getByRole('button', { name: 'Connect WordPress' }).click();

      // The site dialog (fetched when first opened) checks the spec's rule on submit.
      const dialog = page.getByRole('dialog', { name: 'Connect WordPress' });
      await dialog.getByLabel('Website address').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('The URL is required').waitFor();
      const site = await sandboxSite(page);
      const website = dialog.getByLabel('Website address');
      await website.fill(`${site}/blog/`);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText(`Please enter only the main website address (e.g. ${new URL(site).host})`).waitFor();
      await screenshot(page, 'connected-apps-wordpress-dialog');

      // An address inside the network is refused by the server's safe fetcher, said in the dialog.
      await website.fill('http://169.254.169.254');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('This address points to a private network and cannot be fetched.').waitFor();

      // A trailing slash is fine: on to the site's Authorize Application screen.
      await website.fill(`${site}/`);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Authorize Application' }).waitFor();
      expect(page.url()).toContain(`${site}/wp-admin/authorize-application.php`);
      await page.getByText('Marketing Automation').first().waitFor();
      await page.getByRole('button', { name: 'Yes, I approve of this connection' }).click();
      await page.waitForURL((u) => u.pathname === '/settings/apps');
      await row(page, 'wordpress').getByRole('switch', { name: 'WordPress connected' }).waitFor();
      await row(page, 'wordpress').getByText('Sandbox Blog').waitFor();

      // Search Console: Google's consent, then the property from the chooser.
      await row(page, 'search-console').getByRole('button', { name: 'Connect Google Search Console' }).click();
      await approveAtGoogle(page, 'search-console');
      const property = row(page, 'search-console').getByLabel('Search Console property');
      await expect
        .poll(() => property.locator('option').allTextContents())
        .toEqual(['https://www.sandbox-bakery.example/', 'sc-domain:sandbox-bikes.example']);
      await property.selectOption({ label: 'sc-domain:sandbox-bikes.example' });
      await row(page, 'search-console').getByRole('button', { name: 'Save' }).click();
      await row(page, 'search-console').getByText('sc-domain:sandbox-bikes.example').waitFor();

      // Google My Business: the same consent for the Business Profile; the connect chooses the
      // first account with locations (the personal one has none). The others stay a Change away.
      await row(page, 'google-my-business').getByRole('button', { name: 'Connect Google My Business' }).click();
      await approveAtGoogle(page, 'google-my-business');
      await row(page, 'google-my-business').getByText('Sandbox Bakery Group').waitFor();
      await row(page, 'google-my-business').getByRole('button', { name: 'Change Business Profile account' }).click();
      const accountChoice = row(page, 'google-my-business').getByLabel('Business Profile account');
      await expect
        .poll(() => accountChoice.locator('option').allTextContents())
        .toEqual(['Sandy Box', 'Sandbox Bakery Group']);
      expect(await accountChoice.inputValue()).toBe('accounts/110000000000000000002');
      await row(page, 'google-my-business').getByRole('button', { name: 'Cancel' }).click();
      await row(page, 'google-my-business').getByText('Sandbox Bakery Group').waitFor();

      // After a reload all three still say connected, with their choices.
      await page.reload();
      await row(page, 'wordpress').getByRole('switch', { name: 'WordPress connected' }).waitFor();
      await row(page, 'search-console').getByText('sc-domain:sandbox-bikes.example').waitFor();
      await row(page, 'google-my-business').getByText('Sandbox Bakery Group').waitFor();
      await untilLoaded(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'connected-apps-google', { fullPage: true });

      // The user removes the app at Google: the next status read says 'disconnected' and warns.
      const revoked = await fetch(`${site}/__sandbox/google/revoke?name=Gina%20Google`, { method: 'POST' });
      expect(revoked.status).toBe(204);
      await page.reload();
      await row(page, 'google-my-business')
        .getByText(
          'Google my business has been disconnected. Please reconnect from the apps page if you wish to continue using this feature.',
        )
        .waitFor();
      await row(page, 'google-my-business').getByRole('button', { name: 'Reconnect Google My Business' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'connected-apps-gmb-disconnected', { fullPage: true });

      // The WordPress switch disconnects.
      await row(page, 'wordpress').getByRole('switch', { name: 'WordPress connected' }).click();
      await row(page, 'wordpress').getByRole('button', { name: 'Connect WordPress' }).waitFor();

      // The dev page lists the site's and Google's calls beside the social platforms'.
      await page.goto(url('/dev/platforms'));
      await page.getByRole('heading', { name: 'Sandbox platforms' }).waitFor();
      await page.getByRole('cell', { name: 'WordPress', exact: true }).first().waitFor();
      await page.getByRole('cell', { name: 'Google', exact: true }).first().waitFor();
      await page.getByText('GET /google-apis/webmasters/v3/sites').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'dev-platforms-apps');
    } finally {
      await context.close();
    }
  });

  // Both cases only read the tab: one account, signed in once.
  const flagsState = useSignedInState(browser, 'Flags');

  it.each([
    ['GoogleSearchConsole', 'search-console', 'google-my-business'],
    ['GoogleMyBusinessIntegration', 'google-my-business', 'search-console'],
  ])('turning %s off hides its entry', async (flag, hidden, shown) => {
    const { page, context, url } = await openSession(browser(), { storageState: await flagsState() });
    try {
      await serveFeatureFlags(page, {
        GoogleMyBusinessIntegration: flag !== 'GoogleMyBusinessIntegration',
        GoogleSearchConsole: flag !== 'GoogleSearchConsole',
        LocalBusinessListing: true,
      });
      await page.goto(url('/settings/apps'));
      await row(page, shown).getByRole('button').first().waitFor();
      await row(page, 'wordpress').getByRole('button', { name: 'Connect WordPress' }).waitFor();
      expect(await row(page, hidden).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
