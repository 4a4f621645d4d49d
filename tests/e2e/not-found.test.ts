import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession, pathOf } from './browser';

describe('catch-all route', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows 'Page not found' with a Home button that leads home", async () => {
    const { page, context, url } = await openSession(browser);
    const response = await page.goto(url('/definitely-not-a-page'));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const home = page.getByRole('link', { name: 'Home' });
    await home.waitFor();
    await home.click();
    // Home is protected: a signed-out visitor ends on sign in.
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth');
    await context.close();
  });
});
