import { describe, expect, it } from 'vitest';
import { openSession } from './browser';
import { useBrowser } from './support';

describe('sign-in page', () => {
  const browser = useBrowser();

  it('renders the email form, social buttons and the links to sign up and forgot password', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth'));
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    const facebook = page.getByRole('link', { name: /Facebook/ });
    const google = page.getByRole('link', { name: /Google/ });
    expect(await facebook.getAttribute('href')).toBe('/api/auth/oauth/facebook');
    expect(await google.getAttribute('href')).toBe('/api/auth/oauth/google');

    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/register');
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    // The resend-verification link appears only after an EMAIL_NOT_VERIFIED failure.
    expect(await page.getByRole('link', { name: 'Resend verification email' }).count()).toBe(0);
    await context.close();
  });

  it('carries an inviteToken into the social links and shows the invite banner', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth?inviteToken=abc123'));
    expect(await page.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe(
      '/api/auth/oauth/facebook?inviteToken=abc123',
    );
    expect(await page.getByRole('link', { name: /Google/ }).getAttribute('href')).toBe(
      '/api/auth/oauth/google?inviteToken=abc123',
    );
    await page.getByText('You have been invited to join').waitFor();
    await context.close();
  });

  it("shows the 'message' query param as an error alert", async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth?message=Sign-in%20was%20cancelled'));
    await page.getByRole('alert').filter({ hasText: 'Sign-in was cancelled' }).waitFor();
    await context.close();
  });

  it('validates on submit with the spec sentences', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth'));
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    expect(await page.getByText('Email is not valid.').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is not valid.').waitFor();
    await page.getByText('Password field is required.').waitFor();
    await context.close();
  });
});
