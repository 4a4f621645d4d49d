import { describe, expect, it } from 'vitest';
import { serveSite } from '../support/loopback-site';
import { axeViolations } from './axe';
import { openSession } from './browser';
import { confirmDialog, DESKTOP, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

const PHONE = { width: 390, height: 844 };

describe('settings: API & webhooks', () => {
  const browser = useBrowser();

  it('creates a key shown once, adds a webhook, sends a test delivery the receiver gets, and is clean for axe', async () => {
    const received: string[] = [];
    const site = await serveSite(
      (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('utf8')));
        req.on('end', () => {
          received.push(`${String(req.headers['webhook-event'])} ${body.length > 0 ? 'body' : 'empty'}`);
          res.writeHead(204).end();
        });
      },
      { receivesWebhooks: true },
    );
    try {
      const account = await verifiedAccount('Integrator');
      const { page, url } = await openSession(browser(), { viewport: DESKTOP });
      await signIn(page, url, account);
      await page.goto(url('/settings/api'));
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByText('No API keys yet').waitFor();
      expect(await axeViolations(page), 'empty tab').toEqual([]);

      // A key: the name is required, then it is shown once in a dialog.
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Give the key a name.').waitFor();
      await page.getByLabel('Key name').fill('Zapier');
      await page.getByLabel('Access').selectOption('write');
      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = confirmDialog(page);
      await dialog.getByRole('heading', { name: 'Your new API key' }).waitFor();
      const secret = await dialog.getByLabel('Secret').inputValue();
      expect(secret).toMatch(/^mak_[A-Za-z0-9_-]{43}$/);
      expect(await axeViolations(page), 'key dialog').toEqual([]);
      await screenshot(page, 'settings-api-key-shown-once');
      await dialog.getByRole('button', { name: 'Done' }).click();
      const keys = page.getByRole('list', { name: 'API keys' });
      await keys.getByText('Zapier').waitFor();
      // Never again: the page holds only the key's first characters.
      expect(await page.content()).not.toContain(secret);
      await keys.getByText(`${secret.slice(0, 10)}…`).waitFor();
      // The key works against the public API.
      const api = await fetch(url('/api/public/v1/audit'), { headers: { authorization: `Bearer ${secret}` } });
      expect(api.status).toBe(200);

      // A webhook, its secret shown once, then a test delivery in the log.
      await page.getByLabel('Endpoint URL').fill(`${site.origin}/hooks`);
      await page.getByLabel('Site audit finished').uncheck();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await dialog.getByRole('heading', { name: 'Your webhook signing secret' }).waitFor();
      expect(await dialog.getByLabel('Secret').inputValue()).toMatch(/^whsec_/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      const hooks = page.getByRole('list', { name: 'Webhooks' });
      await hooks.getByText(`${site.origin}/hooks`).waitFor();
      expect(await hooks.getByText('Site audit finished').count()).toBe(0);
      await page.getByRole('button', { name: 'Send test' }).click();
      const log = page.getByRole('list', { name: `Deliveries to ${site.origin}/hooks` });
      await log.getByText('delivered', { exact: true }).waitFor({ timeout: 20_000 });
      await log.getByText(/1 attempt · 204/).waitFor();
      expect(received).toEqual(['webhook.test body']);
      await untilLoaded(page);
      expect(await axeViolations(page), 'keys and webhooks').toEqual([]);
      await screenshot(page, 'settings-api-desktop', { fullPage: true });

      // Redeliver from the log: a second delivery of the same event.
      await log.getByRole('button', { name: 'Redeliver' }).click();
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);

      await page.setViewportSize(PHONE);
      await untilLoaded(page);
      expect(await axeViolations(page), 'phone').toEqual([]);
      await screenshot(page, 'settings-api-phone', { fullPage: true });

      // Revoke: confirmed, then the key is refused.
      await keys.getByRole('button', { name: 'Revoke' }).click();
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('No API keys yet').waitFor();
      const refused = await fetch(url('/api/public/v1/audit'), { headers: { authorization: `Bearer ${secret}` } });
      expect(refused.status).toBe(401);
    } finally {
      await site.close();
    }
  });
});
