import { describe, expect, it } from 'vitest';
import { appUrl, openSession, pathOf } from './browser';
import {
  mailLink,
  serveFeatureFlags,
  signIn,
  uniqueEmail,
  useBrowser,
  useSignedInState,
  verifiedAccount,
} from './support';

/** Spec findings of the security review that live in the web app. */
describe('sign-in page and app shell (spec 01 §2, §4, §6)', () => {
  const browser = useBrowser();

  it('after a failed verification link, the sign-in page offers the resend link', async () => {
    const { context, page, url } = await openSession(browser());
    try {
      await page.goto(url('/auth?code=not-the-code&id=1'));
      const alert = page.getByRole('alert').filter({ hasText: 'This verification link is invalid or has expired' });
      await alert.waitFor();
      await alert.getByRole('link', { name: 'Resend verification email' }).click();
      await page.waitForURL((u) => u.pathname === '/auth/verify');
    } finally {
      await context.close();
    }
  });

  it('a sign-in whose invite fails still signs in, and says why', async () => {
    const owner = await verifiedAccount('Inviter');
    const invitee = await verifiedAccount('Invitee');
    const { context, page, url } = await openSession(browser());
    try {
      // The owner invites someone else; the invitee signs in with that token.
      await signIn(page, url, owner);
      const companyId = (await context.cookies()).find((c) => c.name === 'COMPANY_ID')!.value;
      const other = uniqueEmail('someone-else');
      const invited = await page.request.post(`${appUrl()}/api/company/${companyId}/invite`, {
        data: { email: other },
        headers: { origin: appUrl() },
      });
      expect(invited.status()).toBe(201);
      const token = (await mailLink(other, /invited/i)).pathname.split('/').pop()!;
      await context.clearCookies();

      await page.goto(url(`/auth?inviteToken=${token}`));
      await page.getByLabel('Email').fill(invitee.email);
      await page.getByLabel('Password').fill(invitee.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('inviteError'));
      await page.getByText('There is a problem with your invite').waitFor();
      await page
        .getByText(`This invite was sent to ${other}. Sign in with that email to accept it.`, { exact: false })
        .waitFor();
      expect(pathOf(page)).toBe('/');
    } finally {
      await context.close();
    }
  });

  // Both cases only read the menu: one account, signed in once.
  const flagsState = useSignedInState(browser, 'Flags');

  it.each([
    [true, false, true],
    [false, true, false],
  ])(
    'the side menu shows Business manager when GoogleMyBusinessIntegration is %s (LocalBusinessListing %s)',
    async (googleMyBusiness, localListing, shown) => {
      const { context, page, url } = await openSession(browser(), { storageState: await flagsState() });
      try {
        await serveFeatureFlags(page, {
          GoogleMyBusinessIntegration: googleMyBusiness,
          GoogleSearchConsole: true,
          LocalBusinessListing: localListing,
        });
        await page.goto(url('/'));
        const menu = page.getByRole('complementary', { name: 'Main menu' });
        await menu.getByRole('link', { name: 'SEO Keywords' }).waitFor();
        expect(await menu.getByRole('link', { name: 'Business manager' }).count()).toBe(shown ? 1 : 0);
      } finally {
        await context.close();
      }
    },
  );
});
