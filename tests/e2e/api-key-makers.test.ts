import { describe, expect, it } from 'vitest';
import { PASSWORD, signedInUser, teammate, TestClient } from '../support/api-client';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { confirmDialog, DESKTOP, screenshot, signIn, untilLoaded, useBrowser } from './support';

const PHONE = { width: 390, height: 844 };
const LEFT = 'Stopped: its maker left the company';

describe('settings: API keys and webhooks whose maker left', () => {
  const browser = useBrowser();

  it('shows the maker and why a key or webhook stopped, and hands each over to the admin', async () => {
    const base = appUrl();
    const owner = await signedInUser('Owner', {}, base);
    const maker = await teammate(owner, 'admin', 'Leaver');
    const made = await maker.client.post('/api/public/keys', { name: 'Zapier', scope: 'write' });
    expect(made.status).toBe(201);
    const hook = await maker.client.post('/api/public/webhooks', {
      url: 'https://example.com/hooks',
      events: ['post.published'],
    });
    expect(hook.status).toBe(201);
    expect((await owner.client.post('/api/public/keys', { name: 'Reporting', scope: 'read' })).status).toBe(201);
    expect((await owner.client.delete(`/api/company/${owner.companyId}/users/${maker.profile.id}`)).status).toBe(204);

    const { page, url } = await openSession(browser(), { viewport: DESKTOP });
    await signIn(page, url, { email: owner.email, password: PASSWORD });
    await page.goto(url('/settings/api'));
    const keys = page.getByRole('list', { name: 'API keys' });
    const stoppedKey = keys.getByRole('listitem').filter({ hasText: 'Zapier' });
    await stoppedKey.getByText(LEFT).waitFor();
    await stoppedKey.getByText('made by Test Leaver').waitFor();
    const ownKey = keys.getByRole('listitem').filter({ hasText: 'Reporting' });
    await ownKey.getByText('made by you').waitFor();
    // One's own working key has nothing to hand over.
    expect(await ownKey.getByRole('button', { name: 'Hand over to me' }).count()).toBe(0);
    const hooks = page.getByRole('list', { name: 'Webhooks' });
    await hooks.getByText(LEFT).waitFor();
    expect(await hooks.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
    await untilLoaded(page);
    expect(await axeViolations(page), 'stopped, desktop').toEqual([]);
    await screenshot(page, 'settings-api-stopped-desktop', { fullPage: true });

    await page.setViewportSize(PHONE);
    await untilLoaded(page);
    expect(await axeViolations(page), 'stopped, phone').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-api-stopped-phone', { fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Handed over: it works again, acting as the owner.
    const dialog = confirmDialog(page);
    await stoppedKey.getByRole('button', { name: 'Hand over to me' }).click();
    await dialog.getByRole('button', { name: 'Hand over to me' }).click();
    await stoppedKey.getByText('made by you').waitFor();
    await stoppedKey.getByText('Active', { exact: true }).waitFor();
    const api = await new TestClient(base).request('GET', '/api/public/v1/audit', undefined, {
      headers: { authorization: `Bearer ${made.body.secret as string}` },
    });
    expect(api.status).toBe(200);

    await hooks.getByRole('button', { name: 'Hand over to me' }).click();
    await dialog.getByRole('button', { name: 'Hand over to me' }).click();
    await hooks.getByText('Active', { exact: true }).waitFor();
    expect(await hooks.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(false);
    expect(await page.getByText(LEFT).count()).toBe(0);
  });
});
