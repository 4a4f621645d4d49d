import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';
import { API_VERSIONS } from '../../functions/core/platform-config';

/** The Graph version the clients speak (one table of versions and sunsets). */
const GRAPH = API_VERSIONS.graph.version;

/**
 * Settings → apps in Chromium on the embedded runtime: Facebook, Instagram, Threads and LinkedIn
 * each connect through their sandbox consent page and come back connected with their name; a
 * page or profile is chosen from the edit control's list; one is disconnected with its switch.
 * axe finds nothing on the tab with connections.
 */
const row = (page: Page, platform: string) => page.locator(`li.connection[data-platform="${platform}"]`);

let sandboxOrigin = '';

/** Connect, the sandbox consent approved as `account`, and back on the apps tab. */
async function connectThroughSandbox(page: Page, platform: string, label: string, account: string, verb = 'Connect') {
  await row(page, platform)
    .getByRole('button', { name: `${verb} ${label}` })
    .click();
  // The sandbox stands in for the platform's consent screen, on its own origin.
  await page.getByRole('heading', { name: `${platform === 'instagram' ? 'Facebook' : label} sandbox` }).waitFor();
  sandboxOrigin = new URL(page.url()).origin;
  expect(sandboxOrigin).not.toBe(new URL(appUrl()).origin);
  await page.getByLabel('Account name').fill(account);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((u) => u.pathname === '/settings/apps');
}

const connectedSwitch = (page: Page, platform: string, label: string) =>
  row(page, platform).getByRole('switch', { name: `${label} connected` });

/** Back from a consent whose account offers several: the row asks, its list focused, and says no "Connected" yet. */
async function expectAsked(page: Page, platform: string, list: string, noun: string) {
  const choice = row(page, platform).getByLabel(list);
  await row(page, platform).getByText(`Choose a ${noun}`, { exact: true }).waitFor();
  await expect.poll(() => choice.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await connectedSwitch(page, platform, list.split(' ')[0]!).count()).toBe(0);
  expect(await row(page, platform).getByText('Connected', { exact: true }).count()).toBe(0);
  return choice;
}

describe('connected apps', () => {
  const browser = useBrowser();

  it('connects Facebook, Instagram, Threads and LinkedIn, chooses pages, and disconnects one', async () => {
    const account = await verifiedAccount('Apps');
    const { page, context, url } = await openSession(browser());
    await signIn(page, url, account);
    await page.goto(url('/settings/apps'));
    await row(page, 'facebook').getByRole('button', { name: 'Connect Facebook' }).waitFor();

    await connectThroughSandbox(page, 'facebook', 'Facebook', 'Fiona Page');
    // Two pages: the row asks for one before it says connected; choose the second.
    const facebookPage = await expectAsked(page, 'facebook', 'Facebook page', 'page');
    await expect
      .poll(() => facebookPage.locator('option').allTextContents())
      .toEqual(['Sandbox Bakery', 'Sandbox Bikes']);
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'connected-apps-choose', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'connected-apps-choose-narrow', { fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await facebookPage.selectOption({ label: 'Sandbox Bikes' });
    await row(page, 'facebook').getByRole('button', { name: 'Save' }).click();
    await row(page, 'facebook').getByText('Sandbox Bikes').waitFor();
    await connectedSwitch(page, 'facebook', 'Facebook').waitFor();

    await connectThroughSandbox(page, 'instagram', 'Instagram', 'Fiona Page');
    await expectAsked(page, 'instagram', 'Instagram business account', 'business account');
    await row(page, 'instagram').getByRole('button', { name: 'Save' }).click();
    await row(page, 'instagram').getByText('sandbox.bakery').waitFor();
    await connectedSwitch(page, 'instagram', 'Instagram').waitFor();

    // Threads posts as the account: connected at once.
    await connectThroughSandbox(page, 'threads', 'Threads', 'Theo Threads');
    await connectedSwitch(page, 'threads', 'Threads').waitFor();
    await row(page, 'threads').getByText('theo.threads').waitFor();

    await connectThroughSandbox(page, 'linkedin', 'LinkedIn', 'Lena Linked');
    const linkedinChoice = await expectAsked(page, 'linkedin', 'LinkedIn profile or page', 'profile or page');
    await expect
      .poll(() => linkedinChoice.locator('option').allTextContents())
      .toEqual(['Lena Linked', 'Sandbox Studio', 'Sandbox Labs']);
    await linkedinChoice.selectOption({ label: 'Sandbox Studio' });
    await row(page, 'linkedin').getByRole('button', { name: 'Save' }).click();
    await row(page, 'linkedin').getByText('Sandbox Studio').waitFor();
    await connectedSwitch(page, 'linkedin', 'LinkedIn').waitFor();

    // The choice can be changed later from the edit control.
    await row(page, 'facebook').getByRole('button', { name: 'Change Facebook page' }).click();
    await facebookPage.selectOption({ label: 'Sandbox Bakery' });
    await row(page, 'facebook').getByRole('button', { name: 'Save' }).click();
    await row(page, 'facebook').getByText('Sandbox Bakery').waitFor();

    // After a reload every platform still says connected, with its name.
    await page.reload();
    const expected: [platform: string, label: string, name: string][] = [
      ['facebook', 'Facebook', 'Sandbox Bakery'],
      ['instagram', 'Instagram', 'sandbox.bakery'],
      ['threads', 'Threads', 'theo.threads'],
      ['linkedin', 'LinkedIn', 'Sandbox Studio'],
    ];
    for (const [platform, label, name] of expected) {
      await row(page, platform)
        .getByRole('switch', { name: `${label} connected` })
        .waitFor();
      expect(await row(page, platform).getByRole('switch').isChecked()).toBe(true);
      await row(page, platform).getByText(name, { exact: true }).waitFor();
    }
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'connected-apps', { fullPage: true });

    // The switch disconnects Threads; the others stay.
    await row(page, 'threads').getByRole('switch', { name: 'Threads connected' }).click();
    await row(page, 'threads').getByRole('button', { name: 'Connect Threads' }).waitFor();
    await row(page, 'threads').getByText('Not connected').waitFor();
    await page.reload();
    await row(page, 'threads').getByRole('button', { name: 'Connect Threads' }).waitFor();
    await row(page, 'facebook').getByRole('switch', { name: 'Facebook connected' }).waitFor();

    // Cancel on a consent page comes back with the reason.
    await row(page, 'threads').getByRole('button', { name: 'Connect Threads' }).click();
    await page.getByRole('heading', { name: 'Threads sandbox' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/apps');
    await page.getByRole('alert').filter({ hasText: 'Connecting Threads was cancelled.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'connected-apps-cancelled', { fullPage: true });

    // Facebook says the token is dead while the pages are listed: the tab says to reconnect, and Reconnect mends it.
    const failed = await fetch(`${sandboxOrigin}/__sandbox/fail-next`, {
      method: 'POST',
      // Only this file's account: other files list pages through the same sandbox meanwhile.
      body: JSON.stringify({ path: `/graph/${GRAPH}/me/accounts`, failure: 'token-expired', account: 'Fiona Page' }),
    });
    expect(failed.status).toBe(204);
    await row(page, 'facebook').getByRole('button', { name: 'Change Facebook page' }).click();
    await row(page, 'facebook')
      .getByText('Your Facebook connection has expired. Reconnect Facebook from the apps page.')
      .first()
      .waitFor();
    await row(page, 'facebook').getByText('Reconnect needed').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'connected-apps-reconnect', { fullPage: true });
    await connectThroughSandbox(page, 'facebook', 'Facebook', 'Fiona Page', 'Reconnect');
    await expectAsked(page, 'facebook', 'Facebook page', 'page');
    // Cancel while asked disconnects: nothing half-connected is left.
    await row(page, 'facebook').getByRole('button', { name: 'Cancel connecting Facebook' }).click();
    await row(page, 'facebook').getByRole('button', { name: 'Connect Facebook' }).waitFor();

    // The dev page lists what the sandbox platforms received.
    await page.goto(url('/dev/platforms'));
    await page.getByRole('heading', { name: 'Sandbox platforms' }).waitFor();
    await page.getByText('GET /linkedin-api/rest/organizationAcls').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
