import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession, pathOf } from './browser';

describe('route guards', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['/settings/user', '/', '/calendar', '/settings/companies'])('a signed-out visit to %s redirects to /auth', async (path) => {
    const { page, context, url } = await openSession(browser);
    await page.goto(url(path));
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('the invite-accept route is public: a signed-out visitor is sent to sign up with the token', async () => {
    const { page, context, url } = await openSession(browser);
    await page.goto(url('/auth/invite/some-token'));
    await page.waitForURL((url) => url.pathname === '/auth/register');
    expect(new URL(page.url()).searchParams.get('inviteToken')).toBe('some-token');
    await context.close();
  });

  it('any other failure of the profile check shows the generic error screen with Try again', async () => {
    const { page, context, url } = await openSession(browser);
    let failures = 1;
    await page.route('**/api/auth/profile', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue(),
    );
    await page.goto(url('/settings/user'));
    await page.getByRole('heading', { name: 'Oops! An unknown error occurred while processing your request' }).waitFor();
    // Try again reloads; the check now answers 401, so the visitor lands on sign in.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await context.close();
  });
});
