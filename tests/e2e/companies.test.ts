import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, openSession } from './browser';

const CANNOT_DELETE_SELECTED = 'Cannot delete selected company. Please select a different one before deleting.';

/** A verified account made through the API, so these tests start signed out but ready to sign in. */
async function verifiedAccount(firstName: string) {
  const base = appUrl();
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'company test password';
  const headers = { 'content-type': 'application/json', origin: base };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName, lastName: 'Tester', email, password, subscribed: false, accept_terms: true }),
  });
  expect(registered.status).toBe(201);
  const link = await mailLink(email, /verify/i);
  const verified = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: link.searchParams.get('code'), id: Number(link.searchParams.get('id')) }),
  });
  expect(verified.status).toBe(200);
  return { email, password };
}

async function mailLink(to: string, subject: RegExp): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${appUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] };
    const mail = messages.find((m) => subject.test(m.subject));
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail ${subject} for ${to}`);
}

async function signIn(page: Page, url: (p: string) => string, email: string, password: string) {
  await page.goto(url('/auth'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

const confirmDialog = (page: Page) => page.locator('dialog.dialog');

describe('companies and company information', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a company, switches with the selector, edits company info, invites and revokes, and deletes', async () => {
    const owner = await verifiedAccount('Owner');
    const { page, context, url } = await openSession(browser);
    await signIn(page, url, owner.email, owner.password);
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
    expect(await page.locator('#' + (await page.getByLabel('Location 2', { exact: true }).getAttribute('aria-describedby'))).textContent()).toBe(
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
    const invitee = `invitee-${randomUUID().slice(0, 8)}@example.com`;
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
    await page.locator('section.card', { hasText: 'Harbour Cafe' }).getByRole('button', { name: 'Delete company' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete company' }).click();
    await page.getByText('Harbour Cafe has been deleted.').waitFor();
    await page.getByLabel('Company', { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('an invited person signs up from the invite link and lands in the invited company', async () => {
    const owner = await verifiedAccount('Inviter');
    const ownerSession = await openSession(browser);
    await signIn(ownerSession.page, ownerSession.url, owner.email, owner.password);
    await ownerSession.page.goto(ownerSession.url('/settings/companies'));
    await ownerSession.page.getByLabel('Company name').fill('Invite Bakery');
    await ownerSession.page.getByRole('button', { name: 'Create company' }).click();
    const bakery = ownerSession.page.locator('section.card', { hasText: 'Invite Bakery' });
    await bakery.waitFor();
    const invitee = `joiner-${randomUUID().slice(0, 8)}@example.com`;
    await bakery.getByLabel('Invite a user by email').fill(invitee);
    await bakery.getByRole('button', { name: 'Send invite' }).click();
    await bakery.getByText(invitee).waitFor();
    const inviteLink = await mailLink(invitee, /invited/i);
    expect(inviteLink.pathname).toMatch(/^\/auth\/invite\//);
    await ownerSession.context.close();

    // Signed out: the invite link sends the visitor to sign up with the token.
    const { page, context, url } = await openSession(browser);
    await page.goto(url(inviteLink.pathname));
    await page.waitForURL((u) => u.pathname === '/auth/register' && u.searchParams.has('inviteToken'));
    await page.getByText('Invite Bakery').waitFor();
    await page.getByLabel('First name').fill('Joiner');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Email').fill(invitee);
    await page.getByLabel('Password').fill('joiner password');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/auth' && u.searchParams.has('inviteToken'));

    // The invite proved the email, so sign in works at once and selects the invited company.
    await page.getByLabel('Password').fill('joiner password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('.topbar').getByText('Invite Bakery').waitFor();
    await context.close();
  });

  it('an invalid invite shows the problem to a signed-in user', async () => {
    const user = await verifiedAccount('Stray');
    const { page, context, url } = await openSession(browser);
    await signIn(page, url, user.email, user.password);
    await page.goto(url('/auth/invite/not-a-real-token'));
    await page.getByRole('heading', { name: 'There is a problem with your invite' }).waitFor();
    await page.getByText('Please ask to be invited again.').waitFor();
    await page.getByRole('link', { name: 'Back to homepage' }).waitFor();
    await context.close();
  });
});
