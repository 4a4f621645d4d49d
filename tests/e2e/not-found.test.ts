import { describe, expect, it } from 'vitest';
import { openSession, pathOf } from './browser';
import { useBrowser } from './support';

describe('catch-all route', () => {
  const browser = useBrowser();

  it("shows 'Page not found' with a Home button that leads home", async () => {
    const { page, context, url } = await openSession(browser());
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
