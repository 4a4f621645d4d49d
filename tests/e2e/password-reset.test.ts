import { RESET_REQUEST_MIN_DELAY_MS } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { openSession, pathOf } from './browser';
import { mailLink, submitSignIn, useBrowser, verifiedAccount } from './support';

/**
 * Forgotten password, through the browser: ask for a reset from the sign-in page, follow the
 * mailed link, choose a new password, and sign in with it (the old one no longer works).
 */
describe('password reset journey', () => {
  const browser = useBrowser();

  it('sign in → forgot password → mail → new password → sign in with it; the old password and the used link fail', async () => {
    const account = await verifiedAccount('Forgetful', 'the old password 1');
    const newPassword = 'the new password 2';
    const { page, context, url } = await openSession(browser());

    await page.goto(url('/auth'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/forgot-password');
    // The URL changes before the lazy page replaces the sign-in form (whose field is also 'Email'):
    // wait for the page itself, or the address may go into the old form.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    const submitted = Date.now();
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    // The spec holds the answer back for at least 5 s, known address or not.
    await page.getByText('Check your inbox').waitFor({ timeout: 20_000 });
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_DELAY_MS);

    // The reset mail in the dev mailbox links to /auth/forgot-password/{id}/{token}.
    const link = await mailLink(account.email, /reset/i);
    expect(link.pathname).toMatch(/^\/auth\/forgot-password\/\d+\/[^/]+$/);
    await page.goto(url(link.pathname));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.locator('.alert--success').waitFor();

    // The link works once.
    await page.goto(url(link.pathname));
    await page.getByLabel('New password').fill('yet another password 3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.alert--error').waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();

    // The old password fails; the new one signs in.
    await submitSignIn(page, url, account.email, account.password);
    await page.locator('.alert--error').waitFor();
    expect(pathOf(page)).toBe('/auth');
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: /Forgetful/ }).waitFor();
    await context.close();
  });
});
