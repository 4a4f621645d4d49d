import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSession } from './browser';
import {
  confirmDialog,
  errorScreenHeading,
  mailLink,
  signIn,
  topbarCompany,
  uniqueEmail,
  useBrowser,
  verifiedAccount,
} from './support';

const CANNOT_DELETE_SELECTED = 'Cannot delete selected company. Please select a different one before deleting.';

const companyCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'COMPANY_ID')?.value;

describe('companies and company information', () => {
  const browser = useBrowser();

  it('creates a company, switches with the selector, edits company info, invites and revokes, and deletes', async () => {
    const owner = await verifiedAccount('Owner');
    const { page, context, url } = await openSession(browser());
    await signIn(page, url, owner);
    // The sign-in form may still be shown (no selector there either): count on the dashboard itself.
    await page.getByRole('heading', { name: /Owner/ }).waitFor();
    // One company: no selector.
    expect(await page.getByLabel('Company').count()).toBe(0);

    // Create a second company; the selector appears.
    await page.goto(url('/settings/companies'));
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Name must be at least 3 characters long.', { exact: true }).waitFor();
    await page.getByLabel('Company name').fill('Harbour Cafe');
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Harbour Cafe has been created.').waitFor();
    const selector = page.getByLabel('Company', { exact: true });
    await selector.waitFor();
    expect(await selector.locator('option').allTextContents()).toContain('Harbour Cafe');

    // Choosing a company stores it in the COMPANY_ID cookie and goes home.
    const harbourId = await selector.locator('option', { hasText: 'Harbour Cafe' }).getAttribute('value');
    await selector.selectOption({ label: 'Harbour Cafe' });
    await page.waitForURL((u) => u.pathname === '/');
    expect((await context.cookies()).find((c) => c.name === 'COMPANY_ID')?.value).toBe(harbourId);

    // Company information: spec messages on submit, per-location errors, then a save.
    await page.goto(url('/settings/company-info'));
    expect(await page.getByLabel('Business name').inputValue()).toBe('Harbour Cafe');
    await page.getByLabel('Website').fill('ftp://harbour.example');
    await page.getByLabel('Location 1', { exact: true }).fill('Porto');
    await page.getByRole('button', { name: 'Add location' }).click();
    await page.getByLabel('Location 2', { exact: true }).fill('x');
    // The first location has no remove button; the second has one.
    expect(await page.getByRole('button', { name: 'Remove location 1' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove location 2' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a valid website address', { exact: true }).waitFor();
    await page.getByText('Location must be at least 2 characters long.', { exact: true }).waitFor();
    const describedBy = await page.getByLabel('Location 2', { exact: true }).getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy ?? 'missing-description'}`).textContent()).toBe(
      'Location must be at least 2 characters long.',
    );

    await page.getByLabel('Website').fill('harbour-cafe.example.com');
    await page.getByLabel('Location 2', { exact: true }).fill('Lisbon');
    await page.getByLabel('Goal').selectOption('CUSTOMER_INCREASE');
    await page.getByLabel('Marketing Tone').fill('Warm and relaxed');
    await page.getByLabel('Current revenue').fill('12000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Company information saved.').waitFor();
    await page.reload();
    expect(await page.getByLabel('Website').inputValue()).toBe('https://harbour-cafe.example.com');
    expect(await page.getByLabel('Location 2', { exact: true }).inputValue()).toBe('Lisbon');
    expect(await page.getByLabel('Goal').inputValue()).toBe('CUSTOMER_INCREASE');

    // Invite, then revoke after confirming.
    await page.goto(url('/settings/companies'));
    const harbour = page.locator('section.card', { hasText: 'Harbour Cafe' });
    const invitee = uniqueEmail('invitee');
    await harbour.getByLabel('Invite a user by email').fill(invitee);
    await harbour.getByRole('button', { name: 'Send invite' }).click();
    await harbour.getByText(invitee).waitFor();
    await harbour.getByRole('button', { name: 'Revoke' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Revoke invite' }).click();
    await harbour.getByText(invitee).waitFor({ state: 'detached' });

    // Deleting the selected company shows the server's message; cancelling a confirm does nothing.
    await harbour.getByRole('button', { name: 'Delete company' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog(page).waitFor({ state: 'detached' });
    await harbour.getByRole('button', { name: 'Delete company' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete company' }).click();
    await page.getByText(CANNOT_DELETE_SELECTED).waitFor();

    // Select the other company, then the deletion goes through and the selector disappears.
    await page.getByLabel('Company', { exact: true }).selectOption({ index: 0 });
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(url('/settings/companies'));
    await page
      .locator('section.card', { hasText: 'Harbour Cafe' })
      .getByRole('button', { name: 'Delete company' })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Delete company' }).click();
    await page.getByText('Harbour Cafe has been deleted.').waitFor();
    await page.getByLabel('Company', { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('an invited person signs up from the invite link, lands in the invited company, and loses it cleanly when removed', async () => {
    // A creates a second company and invites B.
    const owner = await verifiedAccount('Inviter');
    const a = await openSession(browser());
    await signIn(a.page, a.url, owner);
    await a.page.goto(a.url('/settings/companies'));
    await a.page.getByLabel('Company name').fill('Invite Bakery');
    await a.page.getByRole('button', { name: 'Create company' }).click();
    const aBakery = a.page.locator('section.card', { hasText: 'Invite Bakery' });
    await aBakery.waitFor();
    const invitee = uniqueEmail('joiner');
    await aBakery.getByLabel('Invite a user by email').fill(invitee);
    await aBakery.getByRole('button', { name: 'Send invite' }).click();
    await aBakery.getByText(invitee).waitFor();
    const inviteLink = await mailLink(invitee, /invited/i);
    expect(inviteLink.pathname).toMatch(/^\/auth\/invite\//);

    // B, signed out in a browser of their own: the invite link sends them to sign up with the token.
    const b = await openSession(browser());
    await b.page.goto(b.url(inviteLink.pathname));
    await b.page.waitForURL((u) => u.pathname === '/auth/register' && u.searchParams.has('inviteToken'));
    await b.page.getByText('Invite Bakery').waitFor();
    await b.page.getByLabel('First name').fill('Joiner');
    await b.page.getByLabel('Last name').fill('Person');
    await b.page.getByLabel('Email').fill(invitee);
    await b.page.getByLabel('Password').fill('joiner password');
    await b.page.getByLabel(/I accept the/).check();
    await b.page.getByRole('button', { name: 'Create account' }).click();
    await b.page.waitForURL((u) => u.pathname === '/auth' && u.searchParams.has('inviteToken'));
    // The router commits the address before it renders the new page (a transition), so wait for
    // the sign-in page itself: filling 'Password' earlier could land in the sign-up form still shown.
    await b.page.getByText('Your account is ready. Sign in to accept your invite.').waitFor();
    expect(await b.page.getByLabel('Email').inputValue()).toBe(invitee);

    // The invite proved the email, so sign in works at once and selects the invited company.
    await b.page.getByLabel('Password').fill('joiner password');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.locator('.topbar').getByText('Invite Bakery').waitFor();
    const bakeryId = await companyCookie(b.page);
    // B waits on the company information of the bakery, loaded while B was still a member.
    await b.page.getByRole('link', { name: 'Settings' }).click();
    await b.page.getByRole('link', { name: 'Company information' }).click();
    await b.page.waitForURL((u) => u.pathname === '/settings/company-info');
    expect(await b.page.getByLabel('Business name').inputValue()).toBe('Invite Bakery');

    // A sees B in the team and removes B after confirming.
    await a.page.reload();
    const joinerRow = aBakery.locator('li.row', { hasText: invitee });
    await joinerRow.waitFor();
    await joinerRow.getByRole('button', { name: 'Remove' }).click();
    await confirmDialog(a.page).getByRole('button', { name: 'Remove user' }).click();
    await a.page.getByText('Joiner Person has been removed.').waitFor();
    await joinerRow.waitFor({ state: 'detached' });

    // B, without reloading, saves the bakery's information: the API refuses (403), and the app
    // recovers by listing B's companies again and selecting the one B still has, with no error screen.
    // The notices' 30-second poll is refused the same way; on a slow machine it can come first,
    // so the wait for the notice starts as soon as B is removed.
    const told = b.page
      .getByText('You no longer have access to Invite Bakery. Switched to Unnamed company.')
      .waitFor({ timeout: 45_000 });
    await b.page.getByLabel('Marketing Tone').fill('Crusty and warm');
    await b.page.getByRole('button', { name: 'Save changes' }).click();
    await told;
    await b.page.waitForFunction(() => !document.querySelector('.topbar')?.textContent.includes('Invite Bakery'));
    expect(await errorScreenHeading(b.page).count()).toBe(0);
    // Removed from their only company, B was given a fresh one of their own, now selected.
    expect(await topbarCompany(b.page)).toBe('Unnamed company');
    const ownId = await companyCookie(b.page);
    expect(ownId).toMatch(/^\d+$/);
    expect(ownId).not.toBe(bakeryId);
    await b.page.locator('.shell__main').getByLabel('Business name').waitFor();
    expect(await b.page.getByLabel('Business name').inputValue()).toBe('');

    // Reloading and navigating keep B on their own company; the bakery is gone from B's view.
    await b.page.reload();
    await b.page.getByLabel('Business name').waitFor();
    expect(await topbarCompany(b.page)).toBe('Unnamed company');
    await b.page.getByRole('link', { name: 'Companies' }).click();
    await b.page.locator('section.card', { hasText: 'Unnamed company' }).waitFor();
    expect(await b.page.locator('section.card', { hasText: 'Invite Bakery' }).count()).toBe(0);
    expect(await b.page.getByLabel('Company', { exact: true }).count()).toBe(0);
    await b.page.goto(b.url('/'));
    await b.page.getByRole('heading', { name: /Joiner/ }).waitFor();
    expect(await topbarCompany(b.page)).toBe('Unnamed company');
    expect(await errorScreenHeading(b.page).count()).toBe(0);
    expect(await companyCookie(b.page)).toBe(ownId);

    await b.context.close();
    await a.context.close();
  });

  it('a stale COMPANY_ID cookie is replaced on load by a company the user is in', async () => {
    const user = await verifiedAccount('Stale');
    const { page, context, url } = await openSession(browser());
    await signIn(page, url, user);
    const own = await companyCookie(page);
    // A company this user never belonged to.
    await context.addCookies([{ name: 'COMPANY_ID', value: '999999', url: url('/') }]);
    await page.goto(url('/settings/company-info'));
    await page.getByLabel('Business name').waitFor();
    expect(await companyCookie(page)).toBe(own);
    expect(await errorScreenHeading(page).count()).toBe(0);
    await context.close();
  });

  it('a demo company gets the Demo tab, whose Delete wipes its data; other companies have no Demo tab', async () => {
    const user = await verifiedAccount('Demo');
    const { page, context, url } = await openSession(browser());
    await signIn(page, url, user);
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });

    // The first company is not a demo: no Demo tab, and /settings/demo falls back to the default tab.
    await page.goto(url('/settings/companies'));
    await tabs.getByRole('link', { name: 'Companies' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Demo' }).count()).toBe(0);
    await page.goto(url('/settings/demo'));
    await page.waitForURL((u) => u.pathname === '/settings/apps');

    // Create a demo company.
    await page.goto(url('/settings/companies'));
    const demoBox = page.getByLabel('Start as a demo company');
    expect(await demoBox.isChecked()).toBe(false);
    await page.getByText('A sandbox workspace whose data you can wipe from the Demo tab.').waitFor();
    await page.getByLabel('Company name').fill('Sandbox Diner');
    await demoBox.check();
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Sandbox Diner has been created.').waitFor();
    const diner = page.locator('section.card', { hasText: 'Sandbox Diner' });
    await diner.locator('.badge', { hasText: 'Demo' }).waitFor();
    // The form is ready for the next company, unticked.
    expect(await demoBox.isChecked()).toBe(false);
    // Still on the first (non-demo) company: no Demo tab yet.
    expect(await tabs.getByRole('link', { name: 'Demo' }).count()).toBe(0);

    // Select it: the Demo tab appears.
    await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Sandbox Diner' });
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(url('/settings/company-info'));
    await tabs.getByRole('link', { name: 'Demo' }).waitFor();

    // Give it some company information.
    expect(await page.getByLabel('Business name').inputValue()).toBe('Sandbox Diner');
    await page.getByLabel('Marketing Tone').fill('Playful and bright');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Company information saved.').waitFor();

    // Demo → Delete → confirm: the data is gone, the company stays.
    await tabs.getByRole('link', { name: 'Demo' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/demo');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('The demo data has been deleted.').waitFor();
    await tabs.getByRole('link', { name: 'Company information' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/company-info');
    expect(await page.getByLabel('Business name').inputValue()).toBe('Sandbox Diner');
    expect(await page.getByLabel('Marketing Tone').inputValue()).toBe('');
    await page.reload();
    expect(await page.getByLabel('Marketing Tone').inputValue()).toBe('');

    // Back on the non-demo company, the Demo tab is gone again.
    await page.getByLabel('Company', { exact: true }).selectOption({ index: 0 });
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(url('/settings/companies'));
    await tabs.getByRole('link', { name: 'Companies' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Demo' }).count()).toBe(0);
    await context.close();
  }, 240_000);

  it('an invalid invite shows the problem to a signed-in user', async () => {
    const user = await verifiedAccount('Stray');
    const { page, context, url } = await openSession(browser());
    await signIn(page, url, user);
    await page.goto(url('/auth/invite/not-a-real-token'));
    await page.getByRole('heading', { name: 'There is a problem with your invite' }).waitFor();
    await page.getByText('Please ask to be invited again.').waitFor();
    await page.getByRole('link', { name: 'Back to homepage' }).waitFor();
    await context.close();
  });
});
