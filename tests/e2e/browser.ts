import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumExecutable } from '../../functions/core/config';

/** The system Chromium (the same one the website audit renders with); a browser is never downloaded. */
export const CHROMIUM_PATH = chromiumExecutable();

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * The run's shared Chromium (browser-server.ts) inside Vitest; a browser of its own for a script
 * run outside it (the screenshots). Closing the connection closes the contexts it made.
 */
export function connectBrowser(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    endpoint = inject('browserEndpoint');
  } catch {
    // Outside Vitest there is nothing to inject.
  }
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

/**
 * The app under test: E2E_BASE_URL when given (an already running app), else the suite's embedded
 * runtime. Not BASE_URL: Vite/Vitest set that one to '/'.
 */
export function appUrl(): string {
  const given = process.env.E2E_BASE_URL;
  return given && /^https?:\/\//.test(given) ? given : inject('runtime').url;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Absolute URL for a path of the app. */
  url: (path: string) => string;
}

/**
 * A fresh browser profile (its own cookies) on the app. Reduced motion: the app's CSS then ends
 * its transitions and animations at once, so nothing on screen has to be waited for to stop moving.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: appUrl(), reducedMotion: 'reduce', ...options });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/** The contexts of this file still open: what a failed test's report describes. */
const openContexts = new Set<BrowserContext>();

/**
 * What each open page shows, for a failed test's log: its address, its alerts and notices, and
 * the start of its text. CI keeps only the log, so this is what tells a timeout's cause.
 */
export async function describeOpenPages(): Promise<string> {
  const pages = [...openContexts].flatMap((c) => c.pages());
  const described = await Promise.all(
    pages.map(async (page) => {
      try {
        const seen = await page.evaluate(() => ({
          notices: [...document.querySelectorAll('[role="alert"], [role="status"], [data-sonner-toast]')]
            .map((e) => (e as HTMLElement).innerText.trim())
            .filter(Boolean),
          text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500),
        }));
        return `page ${page.url()}\n  notices: ${JSON.stringify(seen.notices)}\n  text: ${seen.text}`;
      } catch (error) {
        return `page ${page.url()}: not readable (${String(error)})`;
      }
    }),
  );
  return described.join('\n');
}

/** A fresh browser profile with one page; `storageState` starts it signed in. */
export async function openSession(browser: Browser, options: BrowserContextOptions = {}): Promise<Session> {
  const base = appUrl();
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
  // A wait is a ceiling, not a measure: on two cores running the whole suite a page has been
  // seen taking over 15 s to answer a click, and a passing run never waits the ceiling out.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  return { context, page, url: (path: string) => new URL(path, base).toString() };
}

/** The path part of the page's URL, e.g. '/auth'. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;
