import { describe, expect, it } from 'vitest';
import { openSession, pathOf } from './browser';
import { uniqueEmail, useBrowser } from './support';

/**
 * The whole account life cycle through the browser only: sign up, open the verification mail
 * in the dev mailbox, follow its link, sign in, edit the profile, change the password, log out,
 * and sign in with the new password.
 */
describe('account journey', () => {
  const browser = useBrowser();

  it('sign up → mailbox → verify link → sign in → edit profile → change password → log out → sign in again', async () => {
    const { page, context, url } = await openSession(browser());
    const email = uniqueEmail('journey');
    const firstPassword = 'first password 1';
    const secondPassword = 'second password 2';

    // Sign up.
    await page.goto(url('/auth/register'));
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByLabel('Subscribe to our weekly newsletter').check();
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.locator('.alert--success').waitFor();
    // The email is carried over to sign in.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    // Signing in before verifying offers the resend link.
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Resend verification email' }).waitFor();

    // The dev mailbox shows the verification mail; its link opens in this tab.
    await page.goto(url(`/dev/mailbox?to=${encodeURIComponent(email)}`));
    await page
      .getByRole('button', { name: /Verify your email/ })
      .first()
      .waitFor();
    await page
      .frameLocator('iframe.mail-frame')
      .getByRole('link', { name: /verify/i })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/auth' && !u.searchParams.has('code') && !u.searchParams.has('id'));
    await page.locator('.alert--success').waitFor();

    // Sign in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: /Grace/ }).waitFor();
    await page.getByText('Set Up Marketing Plan').waitFor();
    const companyCookie = (await context.cookies()).find((c) => c.name === 'COMPANY_ID');
    expect(companyCookie?.value).toMatch(/^\d+$/);

    // Edit the profile: validation first, then a real save.
    await page.goto(url('/settings/user'));
    await page.getByLabel('First name').fill('G');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Must be at least 2 characters long.', { exact: true }).waitFor();
    await page.getByLabel('First name').fill('Amazing Grace');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await page.locator('.topbar__name', { hasText: 'Amazing Grace Hopper' }).waitFor();

    // Change the password: the form is hidden until asked for; a wrong current password is a field error.
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill(secondPassword);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Passwords must match!', { exact: true }).waitFor();
    await page.getByLabel('Confirm password').fill(secondPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.locator('.field--invalid', { has: page.getByLabel('Current password') }).waitFor();
    await page.getByLabel('Current password').fill(firstPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByLabel('Current password').waitFor({ state: 'detached' });

    // Log out: back to sign in, and protected pages stay closed.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.goto(url('/settings/user'));
    await page.waitForURL((u) => u.pathname === '/auth');

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.alert--error').waitFor();
    await page.getByLabel('Password').fill(secondPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(pathOf(page)).toBe('/');
    await page.getByRole('heading', { name: /Amazing Grace/ }).waitFor();
    await context.close();
  });
});
