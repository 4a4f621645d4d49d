import { describe, expect, it } from 'vitest';
import { openSession, pathOf } from './browser';
import { signIn, useBrowser, verifiedAccount } from './support';

describe('route guards', () => {
  const browser = useBrowser();

  it.each(['/settings/user', '/', '/calendar', '/settings/companies'])(
    'a signed-out visit to %s redirects to /auth',
    async (path) => {
      const { page, context, url } = await openSession(browser());
      await page.goto(url(path));
      await page.waitForURL((url) => url.pathname === '/auth');
      expect(pathOf(page)).toBe('/auth');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await context.close();
    },
  );

  it('a signed-in visit to sign in, sign up or forgot password redirects home', async () => {
    const account = await verifiedAccount('Guarded');
    const { page, context, url } = await openSession(browser());
    await signIn(page, url, account);
    for (const path of ['/auth', '/auth/register', '/auth/forgot-password']) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === '/');
      expect(pathOf(page)).toBe('/');
      await page.getByRole('heading', { name: /Guarded/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    }
    await context.close();
  });

  it('the invite-accept route is public: a signed-out visitor is sent to sign up with the token', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth/invite/some-token'));
    await page.waitForURL((url) => url.pathname === '/auth/register');
    expect(new URL(page.url()).searchParams.get('inviteToken')).toBe('some-token');
    await context.close();
  });

  it('any other failure of the profile check shows the generic error screen with Try again', async () => {
    const { page, context, url } = await openSession(browser());
    let failures = 1;
    await page.route('**/api/auth/profile', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.goto(url('/settings/user'));
    await page
      .getByRole('heading', { name: 'Oops! An unknown error occurred while processing your request' })
      .waitFor();
    // Try again reloads; the check now answers 401, so the visitor lands on sign in.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await context.close();
  });
});
