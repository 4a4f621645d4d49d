import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { appUrl, newContext } from './browser';

/**
 * For browser tests that set up their data through the API with the page's own cookies (as the
 * SPA's calls carry them), in a viewer's zone far from UTC so that days are visibly the viewer's.
 */
export async function openZonedPage(
  browser: Browser,
  zone: string,
  viewport = { width: 1280, height: 900 },
  storageState?: BrowserContextOptions['storageState'],
): Promise<Page> {
  const context = await newContext(browser, { viewport, timezoneId: zone, storageState });
  context.setDefaultTimeout(30_000);
  return context.newPage();
}

/** An API call with the page's cookies (and the app's Origin, as the SPA's own calls have). */
export async function pageApi<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(new URL(path, appUrl()).toString(), {
    method,
    data,
    headers: { origin: appUrl() },
    maxRedirects: 0,
  });
  if (res.status() >= 300) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Facebook through its sandbox consent (approved by a form post, as the page would) and its first page. */
export async function connectFacebook(page: Page, name: string): Promise<{ sandbox: string; pageId: string }> {
  const { url } = await pageApi<{ url: string }>(page, 'GET', '/api/integrations/facebook/connect');
  const consent = new URL(url);
  const form: Record<string, string> = { name, decision: 'allow' };
  for (const field of ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method']) {
    form[field] = consent.searchParams.get(field) ?? '';
  }
  const approve = await page.request.post(`${consent.origin}/__sandbox/approve/facebook`, { form, maxRedirects: 0 });
  expect(approve.status()).toBe(302);
  const callback = await page.request.get(approve.headers().location ?? '', { maxRedirects: 0 });
  expect(callback.status()).toBe(302);
  const [first] = await pageApi<{ id: string }[]>(page, 'GET', '/api/integrations/facebook/profiles');
  expect(first).toBeDefined();
  await pageApi(page, 'POST', '/api/integrations/facebook/profile', { id: first!.id });
  return { sandbox: consent.origin, pageId: first!.id };
}

/** The media library's own upload, from the signed-in page: announce, PUT to storage, complete. */
export async function uploadImage(page: Page, filename: string): Promise<number> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2f7f6f' } })
    .png()
    .toBuffer();
  return page.evaluate(
    async ({ filename, bytes }) => {
      const body = new Uint8Array(bytes);
      const json = { 'content-type': 'application/json' };
      const announced = await fetch('/api/media/upload', {
        method: 'POST',
        headers: json,
        body: JSON.stringify([{ filename, size: body.length }]),
      });
      const [target] = (await announced.json()) as { mediaID: number; url: string; headers: Record<string, string> }[];
      if (!target) throw new Error(`upload refused: ${announced.status}`);
      const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
      if (!put.ok) throw new Error(`PUT answered ${put.status}`);
      const done = await fetch('/api/media/complete', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ mediaID: target.mediaID }),
      });
      if (!done.ok) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
      return target.mediaID;
    },
    { filename, bytes: [...png] },
  );
}
