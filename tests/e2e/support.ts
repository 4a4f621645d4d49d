import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { messages } from '@shared/messages';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';
import { appUrl, connectBrowser, openSession } from './browser';

/**
 * Helpers shared by the browser tests (and the screenshot script, which sets E2E_BASE_URL):
 * the run's one Chromium (a connection per file), accounts made through the API, the dev mailbox, signing in, the
 * confirm dialog, waiting for a page to settle, and screenshots for review. Failures throw
 * plain errors, so the helpers also run outside Vitest.
 */

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}, expected ${status}: ${await res.text()}`);
}

/**
 * An embedded runtime of the file's own, which appUrl() then answers (through E2E_BASE_URL; each
 * file runs in a process of its own). For a test that moves the runtime's clock: every schedule
 * of the shared runtime would fall due sooner with it; or one configured apart (`env`). Call at
 * describe level.
 */
export function useOwnRuntime(env: Record<string, string> = {}): void {
  let runtime: RuntimeProcess | undefined;
  beforeAll(async () => {
    runtime = await startRuntimeBesideSuite({ env });
    process.env.E2E_BASE_URL = runtime.url;
  }, 120_000);
  afterAll(async () => {
    delete process.env.E2E_BASE_URL;
    await runtime?.stop();
  });
}

/** Connects to the run's Chromium before the file's tests and disconnects after; call at describe level. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet (useBrowser must be called at describe level)');
    return browser;
  };
}

/** A unique address, e.g. `owner-1a2b3c4d@example.com`. */
export const uniqueEmail = (prefix: string) => `${prefix.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;

/** Headers of a state-changing API call the runtime accepts (same Origin as the app). */
const jsonHeaders = () => ({ 'content-type': 'application/json', origin: appUrl() });

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** GET /api/dev/mailbox?to=: the mails sent to one address, newest first. */
export async function mailbox(to: string): Promise<DevMail[]> {
  const res = await fetch(`${appUrl()}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  await expectStatus(res, 200, 'GET /api/dev/mailbox');
  return ((await res.json()) as { messages: DevMail[] }).messages;
}

/** The first link of the newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function mailLink(to: string, subject: RegExp): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const mail = (await mailbox(to)).find((m) => subject.test(m.subject));
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail ${subject} for ${to}`);
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
}

/** A verified account made through the API, so a test starts signed out but ready to sign in. */
export async function verifiedAccount(firstName: string, password = 'e2e test password'): Promise<Account> {
  const email = uniqueEmail(firstName);
  const registered = await fetch(`${appUrl()}/api/auth/register`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ firstName, lastName: 'Tester', email, password, subscribed: false, accept_terms: true }),
  });
  await expectStatus(registered, 201, 'POST /api/auth/register');
  const link = await mailLink(email, /verify/i);
  const verified = await fetch(`${appUrl()}/api/auth/verify`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ code: link.searchParams.get('code'), id: Number(link.searchParams.get('id')) }),
  });
  await expectStatus(verified, 200, 'POST /api/auth/verify');
  return { email, password, firstName };
}

/** The viewport of the desktop journeys. */
export const DESKTOP = { width: 1280, height: 900 };

/** Pays for the Organic plan through the payment simulation's API, as its page does. */
export async function payForPlan(page: Page) {
  await page.evaluate(async () => {
    const json = { 'content-type': 'application/json' };
    const upgrade = await fetch('/api/billing/upgrade', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ plan: 'organic', interval: 'month' }),
    });
    const { redirectUrl } = (await upgrade.json()) as { redirectUrl: string };
    const sessionId = new URL(redirectUrl).searchParams.get('session_id');
    await fetch('/api/billing/simulation/checkout', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ sessionId }),
    });
    for (let i = 0; i < 100; i++) {
      const sub = (await (await fetch('/api/billing/subscription')).json()) as { isPaid: boolean };
      if (sub.isPaid) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the plan never became paid');
  });
}

/** The app's metadata answered with these feature flags, as a deployment with them set would answer it. */
export const serveFeatureFlags = (page: Page, featureFlags: Record<string, boolean>) =>
  page.route('**/api/metadata', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ featureFlags }) }),
  );

/** Fills the sign-in form and submits it; does not wait for the outcome. */
export async function submitSignIn(page: Page, url: (p: string) => string, email: string, password: string) {
  await page.goto(url('/auth'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, url: (p: string) => string, account: { email: string; password: string }) {
  await submitSignIn(page, url, account.email, account.password);
  await page.waitForURL((u) => u.pathname === '/');
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * For tests of a file that only need someone signed in (not the sign-in page itself, and not an
 * account of their own): one verified account, signed in once through the sign-in page when first
 * asked for, whose storage state starts later contexts signed in (`openSession(browser, { storageState })`).
 * Call at describe level.
 */
export function useSignedInState(browser: () => Browser, firstName: string): () => Promise<StorageState> {
  let state: Promise<StorageState> | undefined;
  const signInOnce = async () => {
    const account = await verifiedAccount(firstName);
    const { context, page, url } = await openSession(browser());
    try {
      await signIn(page, url, account);
      return await context.storageState();
    } finally {
      await context.close();
    }
  };
  return () => (state ??= signInOnce());
}

/** The app's confirm dialog (components/ui/confirm-dialog). */
export const confirmDialog = (page: Page) => page.locator('dialog.dialog');

/** The generic error screen's heading; a page that recovers never shows it. */
export const errorScreenHeading = (page: Page) => page.getByRole('heading', { name: messages.unknownError });

/** The company the top bar shows: the selector's chosen option, or the plain name with one company. */
export async function topbarCompany(page: Page): Promise<string> {
  const topbar = page.locator('.topbar');
  const select = topbar.locator('select');
  if (await select.count()) return select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? '');
  return (await topbar.locator('.topbar__company').textContent()) ?? '';
}

/**
 * What the app shows while something loads: the route's progress bar, the loading screen, a
 * spinner labelled "Loading …", a "Loading…" placeholder. Spinners of work the user started
 * (a pending button, a running job) are not in it.
 */
const loadingIndicators = (page: Page) =>
  page
    .locator('.route-progress, .loading, [aria-label^="Loading"]')
    .or(page.getByText(/^Loading\b.*…$/))
    .filter({ visible: true });

/** Waits until nothing on the page is loading any more (its data, a lazily fetched part). */
export async function untilLoaded(page: Page, timeout = 30_000) {
  await loadingIndicators(page).first().waitFor({ state: 'detached', timeout });
}

/**
 * Waits until the page's finite animations and transitions have ended (infinite ones, such as a
 * spinner's, never do). With reduced motion (browser.ts) the app's end at once. Something still
 * moving after `timeout` ms (a long transition) is taken as it is.
 */
export async function animationsEnded(page: Page, timeout = 3000) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout },
    )
    .catch(() => undefined);
}

/** Where screenshots for review go (gitignored). */
export const SCREENS_DIR = new URL('../../.screens/', import.meta.url).pathname;

/** Screenshots cost time on every run: they are taken only when E2E_SCREENSHOTS is set (and not 0). */
const screenshotsWanted = () => !['', '0', undefined].includes(process.env.E2E_SCREENSHOTS);

/**
 * A screenshot for review, `.screens/<name>.png`, of the page or of one element; nothing unless
 * E2E_SCREENSHOTS is set, e.g. `E2E_SCREENSHOTS=1 npx vitest run --project e2e`.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted()) return;
  await mkdir(SCREENS_DIR, { recursive: true });
  const path = `${SCREENS_DIR}${name}.png`;
  await ('page' in target ? target.screenshot({ path }) : target.screenshot({ path, ...options }));
}
