import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { pageApi } from './page-api';
import { mailLink, screenshot, signIn, uniqueEmail, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * The sign-up page an invite link opens starts with the address the invite was sent to (still
 * editable: another address works, verified by mail), at desktop and phone widths.
 */
describe('signing up from an invite', () => {
  const browser = useBrowser();

  it('fills in the invited email', async () => {
    const owner = await verifiedAccount('Host');
    const a = await openSession(browser());
    await signIn(a.page, a.url, owner);
    const [company] = await pageApi<{ id: number }[]>(a.page, 'GET', '/api/company');
    const invitee = uniqueEmail('guest');
    await pageApi(a.page, 'POST', `/api/company/${company!.id}/invite`, { email: invitee });
    const link = await mailLink(invitee, /invited/i);

    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const b = await openSession(browser(), { viewport });
      await b.page.goto(b.url(link.pathname));
      await b.page.waitForURL((u) => u.pathname === '/auth/register' && u.searchParams.has('inviteToken'));
      const email = b.page.getByLabel('Email');
      await expect.poll(() => email.inputValue()).toBe(invitee);
      expect(await email.isEditable()).toBe(true);
      await b.page.getByText('The address your invite was sent to.', { exact: false }).waitFor();
      await untilLoaded(b.page);
      expect(await axeViolations(b.page)).toEqual([]);
      await screenshot(b.page, `invite-sign-up-${name}`, { fullPage: true });
      await b.context.close();
    }
  });
});
