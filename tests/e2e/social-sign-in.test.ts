import { describe, expect, it } from 'vitest';
import { appUrl, openSession, pathOf } from './browser';
import { uniqueEmail, useBrowser } from './support';

/**
 * "Continue with Google" on the embedded runtime goes through the local OAuth sandbox's consent
 * page (infra/local/sandbox/oauth-sandbox.ts), then back through the API's callback.
 */
describe('social sign-in through the sandbox consent page', () => {
  const browser = useBrowser();
  const appOrigin = () => new URL(appUrl()).origin;

  it('Continue with Google → consent → Continue signs in a new user and greets them', async () => {
    const { page, context, url } = await openSession(browser());
    const email = uniqueEmail('google');
    await page.goto(url('/auth'));
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    // The sandbox stands in for Google's consent screen, on its own origin.
    await page.getByRole('heading', { name: 'Google sandbox' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(appOrigin());
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Gillian');
    await page.getByLabel('Last name').fill('Oogle');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname === '/');
    await page.getByRole('heading', { name: /Gillian/ }).waitFor();
    await page.locator('.topbar__name', { hasText: 'Gillian Oogle' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'COMPANY_ID')?.value).toMatch(/^\d+$/);
    // Signed in for real: a protected page opens.
    await page.goto(url('/settings/user'));
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await context.close();
  });

  it('Cancel on the consent page returns to sign in with the error alert', async () => {
    const { page, context, url } = await openSession(browser());
    await page.goto(url('/auth'));
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Google sandbox' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL((u) => u.origin === appOrigin() && u.pathname === '/auth');
    await page.getByRole('alert').filter({ hasText: 'Google sign-in was cancelled.' }).waitFor();
    expect(pathOf(page)).toBe('/auth');
    // Still signed out.
    await page.goto(url('/settings/user'));
    await page.waitForURL((u) => u.pathname === '/auth');
    await context.close();
  });
});
