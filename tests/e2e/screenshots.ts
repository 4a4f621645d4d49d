/**
 * Design review helper, not a test: `npx tsx tests/e2e/screenshots.ts http://localhost:5301`
 * writes PNGs of the main screens at desktop and phone sizes into .screens/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { animationsEnded, mailLink, SCREENS_DIR, untilLoaded, verifiedAccount } from './support';

const base = process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://localhost:5173';
// The shared helpers (support.ts) find the app through E2E_BASE_URL.
process.env.E2E_BASE_URL = base;
const out = SCREENS_DIR;
mkdirSync(out, { recursive: true });

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function shot(page: Page, name: string, fullPage = true) {
  await page.locator('h1').first().waitFor();
  await untilLoaded(page);
  await animationsEnded(page);
  await page.screenshot({ path: `${out}${name}.png`, fullPage });
  console.log(`${out}${name}.png`);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const { email, password } = await verifiedAccount('Ada', 'correct horse battery');
// A real reset link, so the reset page is the one a user reaches from the mail.
await fetch(`${base}/api/auth/request-reset`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email }),
});
const resetLink = await mailLink(email, /reset/i);

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
  await page.goto(`${base}${resetLink.pathname}`);
  await shot(page, `${size}-reset-password`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await shot(page, `${size}-reset-password-errors`);

  // The OAuth sandbox's consent page (the local stand-in for Google's).
  await page.goto(`${base}/auth`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('heading', { name: 'Google sandbox' }).waitFor();
  await shot(page, `${size}-sandbox-consent`);

  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/`);
  await shot(page, `${size}-dashboard`);
  if (size === 'desktop') {
    // A second company, so the selector shows, and a demo company for the Demo tab.
    await page.goto(`${base}/settings/companies`);
    await page.getByLabel('Company name').fill('Corner Bakery');
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Corner Bakery has been created.').waitFor();
    await page.getByLabel('Company name').fill('Demo Bistro');
    await page.getByLabel('Start as a demo company').check();
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('Demo Bistro has been created.').waitFor();
  }
  for (const tab of ['user', 'companies', 'company-info', 'apps']) {
    await page.goto(`${base}/settings/${tab}`);
    await shot(page, `${size}-settings-${tab}`);
  }
  await page.goto(`${base}/settings/companies`);
  await page.getByLabel('Company name').fill('x');
  await page.getByLabel('Start as a demo company').check();
  await page.getByRole('button', { name: 'Create company' }).click();
  await page.getByText('Name must be at least 3 characters long.').waitFor();
  await shot(page, `${size}-settings-companies-errors`, false);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Demo Bistro' });
  await page.waitForURL(`${base}/`);
  await page.goto(`${base}/settings/demo`);
  await shot(page, `${size}-settings-demo`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await shot(page, `${size}-settings-demo-confirm`, false);
  await page.getByRole('button', { name: 'Cancel' }).click();

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
