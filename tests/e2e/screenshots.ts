/**
 * Design review helper, not a test: `npx tsx tests/e2e/screenshots.ts http://localhost:5301`
 * writes PNGs of the main screens at desktop and phone sizes into .screens/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

const base = process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://localhost:5173';
const out = new URL('../../.screens/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function signUpVerifiedUser(email: string, password: string) {
  const headers = { 'content-type': 'application/json', origin: base };
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email, password, subscribed: false, accept_terms: true }),
  });
  for (let i = 0; i < 50; i++) {
    const { messages } = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
    const link = messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) {
      const url = new URL(link);
      await fetch(`${base}/api/auth/verify`, { method: 'POST', headers, body: JSON.stringify({ code: url.searchParams.get('code'), id: Number(url.searchParams.get('id')) }) });
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verification mail');
}

async function shot(page: Page, name: string, fullPage = true) {
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}${name}.png`, fullPage });
  console.log(`${out}${name}.png`);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const email = `screens-${randomUUID().slice(0, 8)}@example.com`;
const password = 'correct horse battery';
await signUpVerifiedUser(email, password);

for (const [size, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/auth`);
  await shot(page, `${size}-sign-in`);
  await page.goto(`${base}/auth/register`);
  await shot(page, `${size}-sign-up`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await shot(page, `${size}-sign-up-errors`);
  await page.goto(`${base}/definitely-not-a-page`);
  await shot(page, `${size}-not-found`);

  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/`);
  await shot(page, `${size}-dashboard`);
  if (size === 'desktop') {
    // A second company, so the selector shows.
    await page.goto(`${base}/settings/companies`);
    await page.getByLabel('Company name').fill('Corner Bakery');
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Corner Bakery has been created.').waitFor();
  }
  for (const tab of ['user', 'companies', 'company-info', 'apps']) {
    await page.goto(`${base}/settings/${tab}`);
    await shot(page, `${size}-settings-${tab}`);
  }
  await page.goto(`${base}/settings/company-info`);
  await page.getByLabel('Business name').fill('x');
  await page.getByLabel('Website').fill('ftp://nope');
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await shot(page, `${size}-settings-company-info-errors`);
  await page.goto(`${base}/calendar`);
  await shot(page, `${size}-calendar`);
  await page.goto(`${base}/dev/mailbox`);
  await shot(page, `${size}-mailbox`, false);
  if (size === 'phone') {
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot(page, `${size}-menu-open`, false);
  }
  await context.close();
}
await browser.close();
