import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditSettingsMessages as M } from '@shared/schemas/audit-settings';
import { axeViolations } from './axe';
import { appUrl, openSession } from './browser';
import { screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * /seo-report/settings in Chromium: every rule of the audit settings (spec 02 §5) refused with its
 * sentence under its own field, on one page; the uploaded list refused for another site's URL;
 * the version dialogs; a good save kept, the password never shown again. axe finds nothing, with
 * the errors showing and with a dialog open; nothing sticks out at 390 px.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WEBSITE = 'https://rosas-bakery.example.com';

/** The message a field's aria-describedby points at: the one shown under it. */
async function messageOf(page: Page, label: string): Promise<string> {
  const control = page.getByLabel(label, { exact: true });
  const id = await control.getAttribute('aria-describedby');
  if (!id) return '';
  return page.locator(`[id="${id}"]`).innerText();
}

async function expectMessages(page: Page, expected: Record<string, string>) {
  await page.locator('.field__error').first().waitFor();
  const shown: Record<string, string> = {};
  for (const label of Object.keys(expected)) shown[label] = await messageOf(page, label);
  for (const [label, message] of Object.entries(expected)) expect(shown[label], label).toContain(message);
}

describe('the audit settings page', () => {
  const browser = useBrowser();

  it('shows every rule’s message next to its field, runs the version dialogs and keeps a good save', async () => {
    const account = await verifiedAccount('AuditSettings');
    const { page, url } = await openSession(browser(), { viewport: DESKTOP });
    await signIn(page, url, account);
    const patched = await page.request.fetch(`${appUrl()}/api/company/company`, {
      method: 'PATCH',
      data: { website: WEBSITE },
      headers: { origin: appUrl() },
    });
    expect(patched.status()).toBe(200);

    await page.goto(url('/seo-report/settings'));
    await page.getByRole('heading', { level: 1, name: 'Audit settings' }).waitFor();
    await page.getByLabel('Maximum pages', { exact: true }).waitFor();
    expect(await page.getByText('MarketingAutomationAudit/1.0').count()).toBe(1);
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);

    // First round: one bad value in each field.
    const fill = (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
    await fill('Maximum pages', '');
    await fill('Maximum click depth', '101');
    await fill('Requests per second', '900');
    await fill('Shortest title (characters)', '70');
    await fill('Longest title (characters)', '60');
    await fill('Fewest words on a page', 'many');
    await fill('Crawl only these paths', 'blog/');
    await fill('Never crawl these paths', '/cart/\n\n/cart/');
    await fill('Crawl but leave out of the report', `/${'a'.repeat(2048)}/`);
    await fill('Ignore these URL parameters', 'utm source');
    await fill('Do not check links to these domains', 'not_a domain');
    await fill('Also email the report to', 'owner@');
    await fill('Competitors (up to 5)', 'not a url');
    await fill('Basic-auth login', 'staff:team');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectMessages(page, {
      'Maximum pages': M.between(1, 100_000),
      'Maximum click depth': M.between(0, 100),
      'Requests per second': M.rate,
      'Longest title (characters)': M.minAboveMax,
      'Fewest words on a page': M.between(0, 10_000),
      'Crawl only these paths': M.prefixInvalid,
      'Never crawl these paths': `${M.duplicate} (line 3)`,
      'Crawl but leave out of the report': M.ruleTooLong,
      'Ignore these URL parameters': M.parameterInvalid,
      'Do not check links to these domains': M.invalidDomain,
      'Also email the report to': M.email,
      'Competitors (up to 5)': M.invalidUrl,
      'Basic-auth login': M.loginInvalid,
    });
    // Focus goes to the first field at fault.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('basicAuthLogin');
    await untilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-settings-errors-1366', { fullPage: true });

    // Second round: the rules across items, regular expressions, the scan exclusion list and the limit of 5.
    await fill('Maximum pages', '500');
    await fill('Maximum click depth', '5');
    await fill('Requests per second', '10');
    await fill('Shortest title (characters)', '20');
    await fill('Longest title (characters)', '65');
    await fill('Fewest words on a page', '200');
    await fill('Crawl only these paths', '/blog/\n/blog/[a-/');
    await fill('Never crawl these paths', '/blog/');
    await fill('Crawl but leave out of the report', '/tag/');
    await fill('Ignore these URL parameters', 'utm_source');
    await fill('Do not check links to these domains', 'cdn.example.net');
    await fill('Also email the report to', 'owner@rosas-bakery.example.com');
    await fill('Competitors (up to 5)', 'https://www.youtube.com/@bakery');
    await fill('Basic-auth login', 'staff');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectMessages(page, {
      'Crawl only these paths': `${M.ruleRegex} (line 2)`,
      'Never crawl these paths': M.ruleConflict,
      'Competitors (up to 5)': M.scanExcluded,
    });
    await fill(
      'Competitors (up to 5)',
      Array.from({ length: 6 }, (_, i) => `https://rival${i}.example.com/`).join('\n'),
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => messageOf(page, 'Competitors (up to 5)')).toBe(M.tooManyCompetitors);

    // The uploaded list: a file of another type, then a URL of another site, each refused with its sentence.
    const file = page.getByLabel('List of URLs (TXT or CSV)', { exact: true });
    await file.setInputFiles({ name: 'urls.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await expect.poll(() => messageOf(page, 'List of URLs (TXT or CSV)')).toBe(M.file.type);
    await file.setInputFiles({
      name: 'urls.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`${WEBSITE}/menu/\nhttps://evil.example.org/steal/\n`),
    });
    await expect.poll(() => messageOf(page, 'List of URLs (TXT or CSV)')).toBe(M.file.foreign(2, 'evil.example.org'));
    await file.setInputFiles({
      name: 'urls.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`url\n${WEBSITE}/menu/\n`),
    });
    await expect.poll(() => messageOf(page, 'List of URLs (TXT or CSV)')).toContain('urls.csv: 1 URLs');
    expect(await page.getByLabel('An uploaded list of URLs', { exact: true }).isChecked()).toBe(true);

    // Version 1.0 asks for feedback; 2.0 again asks to apply it to all audits.
    await page.getByRole('radio', { name: 'Version 1.0' }).click();
    const feedback = page.getByRole('dialog', { name: 'Go back to version 1.0?' });
    await feedback.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await feedback.getByLabel('Your feedback (optional)').fill('Too many new warnings on our menu pages.');
    await feedback.getByRole('button', { name: 'Switch to 1.0' }).click();
    expect(await page.getByRole('radio', { name: 'Version 1.0' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Version 2\.0/ }).click();
    const applyAll = page.getByRole('dialog', { name: 'Apply version 2.0 to all audits?' });
    await applyAll.getByRole('button', { name: 'Apply to all audits' }).click();
    expect(await page.getByRole('radio', { name: /Version 2\.0/ }).isChecked()).toBe(true);

    // A good save: kept, and the password is never shown again.
    await fill('Competitors (up to 5)', 'https://rival.example.com/');
    await fill('Crawl only these paths', '/blog/\n/menu/.+/');
    await fill('Never crawl these paths', '/cart/');
    await fill('Basic-auth password', 'oven-secret-42');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Audit settings saved. They apply from the next audit.').waitFor();
    expect(await page.locator('.field__error').count()).toBe(0);
    await page.reload();
    await page.getByLabel('Maximum pages', { exact: true }).waitFor();
    expect(await page.getByLabel('Maximum pages', { exact: true }).inputValue()).toBe('500');
    expect(await page.getByLabel('Crawl only these paths', { exact: true }).inputValue()).toBe('/blog/\n/menu/.+/');
    expect(await page.getByLabel('Basic-auth password', { exact: true }).inputValue()).toBe('');
    expect(await messageOf(page, 'Basic-auth password')).toContain('A password is saved');
    expect(await page.content()).not.toContain('oven-secret-42');

    await untilLoaded(page);
    await screenshot(page, 'audit-settings-1366', { fullPage: true });
    await page.setViewportSize(PHONE);
    await untilLoaded(page);
    await screenshot(page, 'audit-settings-390', { fullPage: true });
    // The first screenful as a phone shows it, to look at closely.
    await screenshot(page, 'audit-settings-390-top');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 5000 })
      .toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
