import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { serveSite } from '../support/loopback-site';
import { axeViolations } from './axe';
import { appUrl, openSession, pathOf } from './browser';
import { connectFacebook, pageApi, uploadImage } from './page-api';
import { confirmDialog, payForPlan, screenshot, signIn, untilLoaded, useBrowser, verifiedAccount } from './support';

/**
 * /media in Chromium: a real JPEG and PNG dropped on the page upload with visible progress
 * (upload bandwidth throttled so the percentage moves) and show their 256 thumbnails; one is
 * renamed on /media/{id}, found by search and deleted; a 21 MB file and a .png that is really
 * text show the spec's two messages and store nothing; the generate dialog adds an image;
 * an image is imported from a website's address (and a page that is no image says so); an unknown
 * id goes back to /media. axe finds nothing on either page.
 */
let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  // Noise keeps the JPEG near a real photo's size (about 1.5 MB), so the upload takes a moment.
  const noise = Buffer.alloc(1600 * 1200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  jpeg = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  png = await sharp({ create: { width: 900, height: 600, channels: 4, background: '#3d5a80' } })
    .png()
    .toBuffer();
});

const api = async (page: Page, path: string) => {
  const res = await page.request.get(`${appUrl()}${path}`);
  return (await res.json()) as { id: number; filename: string }[];
};

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; type: string; body: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.body.toString('base64') })),
  );
  await page.dispatchEvent('[data-testid=dropzone]', 'drop', { dataTransfer });
}

describe('the media library', () => {
  const browser = useBrowser();

  it('uploads, shows progress and thumbnails, renames, searches and deletes', async () => {
    const account = await verifiedAccount('MediaLib');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    await page.goto(url('/media'));
    await page.getByText('Your media library is empty').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'media-empty', { fullPage: true });

    // A slow line, so the upload's percentage is seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    const seen = new Set<string>();
    const watch = setInterval(() => {
      void page
        .locator('.upload-row__status')
        .allTextContents()
        .then((texts) => texts.forEach((t) => seen.add(t)))
        .catch(() => undefined);
    }, 50);
    await dropFiles(page, [
      { name: 'Harbour.jpg', type: 'image/jpeg', body: jpeg },
      { name: 'brand-logo.png', type: 'image/png', body: png },
    ]);
    const jpegBar = page.getByRole('progressbar', { name: 'Harbour.jpg progress' });
    await jpegBar.waitFor();
    await expect.poll(() => jpegBar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await page.locator('.upload-row', { hasText: 'Harbour.jpg' }).getByText('Uploaded').waitFor({ timeout: 30_000 });
    await page.locator('.upload-row', { hasText: 'brand-logo.png' }).getByText('Uploaded').waitFor();
    clearInterval(watch);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const percentages = [...seen].filter((t) => /^Uploading \d+%$/.test(t)).map((t) => Number(/\d+/.exec(t)?.[0]));
    expect(
      percentages.some((p) => p > 0 && p < 100),
      [...seen].join(' | '),
    ).toBe(true);

    // The 256 thumbnails, loaded.
    const grid = page.getByRole('list', { name: 'Media files' });
    await grid.locator('img[alt="Harbour.jpg"]').waitFor();
    for (const name of ['Harbour.jpg', 'brand-logo.png']) {
      const img = grid.locator(`img[alt="${name}"]`);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(256);
      expect(await img.getAttribute('src')).toMatch(/-256\.(jpg|webp)\?/);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'media-library', { fullPage: true });

    // Rename on the edit page (loaded through the batch call).
    await page.getByRole('link', { name: 'Harbour.jpg' }).click();
    await page.getByRole('heading', { name: 'Harbour.jpg' }).waitFor();
    expect(pathOf(page)).toMatch(/^\/media\/\d+$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'media-edit', { fullPage: true });
    await page.getByLabel('File name').fill('Sunrise over the harbour.jpg');
    await page.getByLabel('Description').fill('Boats at dawn for the spring campaign');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Sunrise over the harbour.jpg' }).waitFor();
    await page.locator('#main').getByRole('link', { name: 'Media library' }).click();

    // Search (debounced 500 ms): lower-cased and trimmed, on name and description.
    await page.getByRole('searchbox', { name: 'Search media' }).fill('  SPRING ');
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    await grid.getByRole('link', { name: 'Sunrise over the harbour.jpg' }).waitFor();

    // Delete it.
    await page.getByRole('button', { name: 'Delete Sunrise over the harbour.jpg' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No files match your search').waitFor();
    await page.getByRole('searchbox', { name: 'Search media' }).fill('');
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
    expect((await api(page, '/api/content/files')).map((f) => f.filename)).toEqual(['brand-logo.png']);

    // Unknown ids go back to the library.
    await page.goto(url('/media/987654321'));
    await page.waitForURL((u) => u.pathname === '/media');
    await page.getByRole('heading', { name: 'Media library' }).waitFor();
  });

  it("shows the spec's two messages for a 21 MB file and a .png that is really text, and stores nothing", async () => {
    const account = await verifiedAccount('MediaRefuse');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    await page.goto(url('/media'));
    await page.getByText('Your media library is empty').waitFor();
    // Files on disk: the browser reads them itself (a 21 MB buffer through the protocol is slow).
    const dir = mkdtempSync(join(tmpdir(), 'media-e2e-'));
    writeFileSync(join(dir, 'huge.jpg'), Buffer.alloc(21 * 1024 * 1024, 0xff));
    writeFileSync(join(dir, 'notes.png'), 'Meeting notes: this is text, not a picture.');
    await page.getByLabel('Choose files to upload').setInputFiles([join(dir, 'huge.jpg'), join(dir, 'notes.png')]);
    const huge = page.locator('.upload-row', { hasText: 'huge.jpg' });
    const fake = page.locator('.upload-row', { hasText: 'notes.png' });
    await huge.getByText(messages.fileTooLarge, { exact: true }).waitFor();
    await fake.getByText(messages.unsupportedFileType, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await api(page, '/api/content/files')).toEqual([]);
    await page.getByText('Your media library is empty').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('generates an image from a prompt and a style', async () => {
    const account = await verifiedAccount('MediaGen');
    const { page, url } = await openSession(browser());
    await signIn(page, url, account);
    await page.goto(url('/media'));
    await page.getByRole('button', { name: 'Generate image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate an image' });
    await dialog.getByLabel('Prompt').fill('Fresh sourdough loaves on a rustic table');
    await dialog.getByText('Realistic', { exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'media-generate');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await page
      .getByRole('list', { name: 'Media files' })
      .getByRole('link', { name: 'fresh-sourdough-loaves-on-a-rustic-table.png' })
      .waitFor({ timeout: 30_000 });
    expect(await dialog.isVisible()).toBe(false);
  });
  it("imports an image from a website's address; an empty address and a page that is no image say so", async () => {
    const site = await serveSite((req, res) => {
      if (req.url === '/images/harbour-loaves.png') {
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Menu</title><p>Our menu</p>');
      }
    });
    try {
      const account = await verifiedAccount('MediaImport');
      const { page, url } = await openSession(browser());
      await signIn(page, url, account);
      await page.goto(url('/media'));
      await page.getByText('Your media library is empty').waitFor();
      await page.getByRole('button', { name: 'Import from URL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from URL' });
      const address = dialog.getByLabel('Address');

      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText(messages.urlInvalid, { exact: true }).waitFor();
      await address.fill(`${site.origin}/menu`);
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText(messages.unsupportedFileType, { exact: true }).waitFor();
      expect(await address.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'media-import-error');

      await address.fill(`${site.origin}/images/harbour-loaves.png`);
      await dialog.getByRole('button', { name: 'Import' }).click();
      await page
        .getByRole('list', { name: 'Media files' })
        .getByRole('link', { name: 'harbour-loaves.png' })
        .waitFor({ timeout: 30_000 });
      await dialog.waitFor({ state: 'detached' });
      // The toast saying so covers nothing of the top bar (the user's name, the company).
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'harbour-loaves.png added' });
      await toast.waitFor();
      const [toastBox, barBox] = [await toast.boundingBox(), await page.locator('header.topbar').boundingBox()];
      expect(toastBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height);
      expect((await api(page, '/api/content/files')).map((f) => f.filename)).toEqual(['harbour-loaves.png']);
      expect(site.hits).toContain('/images/harbour-loaves.png');
      await screenshot(page, 'media-imported', { fullPage: true });
    } finally {
      await site.close();
    }
  });
  it('a published post shows the thumbnails of its files, and a loading mark while they come', async () => {
    const account = await verifiedAccount('MediaPublished');
    const { page, url } = await openSession(browser());
    page.context().setDefaultTimeout(30_000);
    await signIn(page, url, account);
    await payForPlan(page);
    await connectFacebook(page, 'Pia Publisher');
    await uploadImage(page, 'harbour.png');
    const fileId = (await api(page, '/api/content/files'))[0]!.id;
    const [post] = await pageApi<{ id: number }[]>(page, 'POST', '/api/calendar', {
      platforms: ['facebook'],
      content: 'Harbour loaves are back: slow-fermented sourdough, baked every morning on the quay. Come early!',
      files: [fileId],
      action: 'publish',
    });

    await expect
      .poll(
        async () =>
          (await pageApi<{ post: { status: string } }>(page, 'GET', `/api/calendar/${post!.id}/with-siblings`)).post
            .status,
        { timeout: 60_000 },
      )
      .toBe('published');

    // The code a post page without media needs is let through; the rest (the media feature's
    // thumbnails) is held back until the page has been looked at: meanwhile it shows a loading
    // mark, never a count of files in words. (Routing turns the browser's cache off.)
    const needed = new Set<string>();
    let holding = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      if (!holding) needed.add(route.request().url());
      else if (!needed.has(route.request().url())) await released;
      await route.continue();
    });
    const [withoutMedia] = await pageApi<{ id: number }[]>(page, 'POST', '/api/calendar', {
      platforms: ['facebook'],
      content: 'A post with no media, so the page is seen with none of the media feature.',
      action: 'save',
    });
    await page.goto(url(`/post/${withoutMedia!.id}`));
    await page.getByRole('button', { name: 'Add media' }).waitFor();
    await untilLoaded(page);
    holding = true;

    await page.goto(url(`/post/${post!.id}`));
    await page.getByText('PUBLISHED', { exact: true }).waitFor();
    const media = page.locator('.card', { has: page.getByRole('heading', { name: 'Media', exact: true }) });
    await media.getByRole('status', { name: 'Loading media' }).waitFor();
    expect(await media.getByText(/file\(s\) attached/).count()).toBe(0);
    release();

    await media.getByRole('list', { name: 'Chosen media' }).getByRole('img', { name: 'harbour.png' }).waitFor();
    await untilLoaded(page);
    expect(await media.getByRole('button').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'post-published-media', { fullPage: true });
  });
});
