import { createServer } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { MAX_UPLOAD_BYTES } from '@shared/schemas/media';
import { setMediaUse, requireCompanyMedia } from '../../functions/core/media/media-usage';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * The library (spec 02 §7 Content): search, batch, rename, delete (not while used), AI images
 * and imports through the safe fetcher, against the suite's runtime.
 */
beforeAll(() => {
  useSuiteRuntimeEnv();
});

let site: LoopbackSite;
let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1);
  site = await serveSite((req, res) => {
    if (req.url === '/photos/harbour.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.url === '/download?id=7') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.url === '/fake.png')
      return void res.writeHead(200, { 'content-type': 'image/png' }).end('not a png at all');
    if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
    if (req.url === '/huge.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(big);
    if (req.url === '/hop')
      return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    res.writeHead(404).end();
  });
});
afterAll(() => site.close());

async function uploadJpeg(client: TestClient, filename: string) {
  const asked = await client.post('/api/media/upload', [{ filename, size: photo.length }]);
  const [target] = asked.body as { mediaID: number; url: string; headers: Record<string, string> }[];
  expect((await fetch(target!.url, { method: 'PUT', headers: target!.headers, body: photo })).status).toBe(200);
  const done = await client.post('/api/media/complete', { mediaID: target!.mediaID });
  expect(done.status).toBe(200);
  return done.body as { id: number; filename: string; url: string };
}

const ids = (files: { id: number }[]) => files.map((f) => f.id);

describe('GET /api/content/files, batch, PATCH and DELETE', () => {
  it('searches filename and description, lower-cased and trimmed, newest first', async () => {
    const { client } = await signedInUser('lib-search');
    const beach = await uploadJpeg(client, 'Beach-Day.jpg');
    const shop = await uploadJpeg(client, 'shop-front.jpg');
    expect(ids((await client.get('/api/content/files')).body)).toEqual([shop.id, beach.id]);
    expect(ids((await client.get('/api/content/files?query=%20%20BEACH%20')).body)).toEqual([beach.id]);

    const described = await client.patch(`/api/content/${shop.id}`, { description: 'Our new Storefront in May' });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ filename: 'shop-front.jpg', description: 'Our new Storefront in May' });
    expect(ids((await client.get('/api/content/files?query=storefront')).body)).toEqual([shop.id]);
    expect((await client.get('/api/content/files?query=nothing-like-this')).body).toEqual([]);
  });

  it('renames, answering the batch in the order asked and leaving unknown ids out', async () => {
    const { client } = await signedInUser('lib-rename');
    const a = await uploadJpeg(client, 'a.jpg');
    const b = await uploadJpeg(client, 'b.jpg');
    const renamed = await client.patch(`/api/content/${a.id}`, { filename: '  Team photo.jpg ' });
    expect(renamed.body.filename).toBe('Team photo.jpg');
    const batch = await client.post('/api/content/files/batch', { ids: [b.id, 999_999_999, a.id] });
    expect(batch.status).toBe(200);
    expect(batch.body.map((f: { filename: string }) => f.filename)).toEqual(['b.jpg', 'Team photo.jpg']);
    const empty = await client.patch(`/api/content/${a.id}`, { filename: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toContainEqual({ path: 'filename', message: messages.filenameRequired });
    expect((await client.patch('/api/content/999999999', { filename: 'x.jpg' })).status).toBe(404);
    expect((await client.patch('/api/content/abc', { filename: 'x.jpg' })).status).toBe(422);
    expect((await client.post('/api/content/files/batch', { ids: ['x'] })).status).toBe(422);
  });

  it('refuses to delete a file a post uses, until the last post lets go; then removes it and its objects', async () => {
    const { client, companyId } = await signedInUser('lib-delete');
    const file = await uploadJpeg(client, 'used.jpg');
    await setMediaUse(companyId, 101, [], [file.id]);
    await setMediaUse(companyId, 102, [], [file.id]);
    expect((await client.post('/api/content/files/batch', { ids: [file.id] })).body[0].isUsed).toBe(true);

    const refused = await client.delete(`/api/content/${file.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.mediaInUse);
    await setMediaUse(companyId, 101, [file.id], []);
    expect((await client.delete(`/api/content/${file.id}`)).status).toBe(409);
    await setMediaUse(companyId, 102, [file.id], []);
    expect((await client.post('/api/content/files/batch', { ids: [file.id] })).body[0].isUsed).toBe(false);

    expect((await client.delete(`/api/content/${file.id}`)).status).toBe(204);
    expect((await fetch(file.url)).status).toBe(404);
    expect((await client.get('/api/content/files')).body).toEqual([]);
    expect((await client.delete(`/api/content/${file.id}`)).status).toBe(404);
  });

  it("checks a post's files belong to the company, in the order given", async () => {
    const a = await signedInUser('lib-usage-a');
    const b = await signedInUser('lib-usage-b');
    const first = await uploadJpeg(a.client, 'first.jpg');
    const second = await uploadJpeg(a.client, 'second.jpg');
    expect(ids(await requireCompanyMedia(a.companyId, [second.id, first.id]))).toEqual([second.id, first.id]);
    await expect(requireCompanyMedia(b.companyId, [first.id])).rejects.toThrow(messages.mediaNotOfCompany);
    await expect(setMediaUse(b.companyId, 5, [], [first.id])).rejects.toThrow(messages.mediaNotOfCompany);
    await expect(setMediaUse(a.companyId, 5, [], [987_654_321])).rejects.toThrow(messages.mediaNotOfCompany);
  });
});

describe('POST /api/content/generate', () => {
  it('adds an image from the AI port (offline here) to the library, named after the prompt', async () => {
    const { client } = await signedInUser('lib-generate');
    const made = await client.post('/api/content/generate', { prompt: 'A blue harbour at dawn', style_type: 'ANIME' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.urls).toHaveLength(1);
    expect(made.body.files[0]).toMatchObject({
      type: 'image',
      filename: 'a-blue-harbour-at-dawn.png',
      description: 'A blue harbour at dawn',
    });
    const image = await fetch(made.body.urls[0]);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png');
    expect(ids((await client.get('/api/content/files?query=harbour')).body)).toEqual([made.body.files[0].id]);
  });

  it('validates prompt and style', async () => {
    const { client } = await signedInUser('lib-generate-bad');
    const empty = await client.post('/api/content/generate', { prompt: '  ', style_type: 'AUTO' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toContainEqual({ path: 'prompt', message: messages.promptRequired });
    const style = await client.post('/api/content/generate', { prompt: 'cats', style_type: 'CUBIST' });
    expect(style.status).toBe(422);
    expect(style.body.errors[0].path).toBe('style_type');
  });
});

describe('POST /api/content/import', () => {
  it('imports an image by address, named from the path or the type', async () => {
    const { client } = await signedInUser('lib-import');
    const named = await client.post('/api/content/import', { url: `${site.origin}/photos/harbour.jpg` });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body).toMatchObject({ type: 'image', filename: 'harbour.jpg', extension: 'jpg' });
    const typed = await client.post('/api/content/import', { url: `${site.origin}/download?id=7` });
    expect(typed.status).toBe(201);
    expect(typed.body.filename).toBe('download.jpg');
  });

  it("refuses what an upload would refuse, with the spec's sentences, and stores nothing", async () => {
    const { client } = await signedInUser('lib-import-bad');
    const fake = await client.post('/api/content/import', { url: `${site.origin}/fake.png` });
    expect(fake.status).toBe(422);
    expect(fake.body.message).toBe(messages.unsupportedFileType);
    const page = await client.post('/api/content/import', { url: `${site.origin}/page` });
    expect(page.body.message).toBe(messages.unsupportedFileType);
    const huge = await client.post('/api/content/import', { url: `${site.origin}/huge.jpg` });
    expect(huge.status).toBe(422);
    expect(huge.body.message).toBe(messages.fileTooLarge);
    expect((await client.get('/api/content/files')).body).toEqual([]);
  });

  it('refuses addresses inside our network, directly or by redirect', async () => {
    const { client } = await signedInUser('lib-import-ssrf');
    // A port FETCH_ALLOW does not list: loopback stays closed.
    const inside = createServer((_req, res) => res.end('secret'));
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const port = (inside.address() as { port: number }).port;
    try {
      for (const url of [
        `http://127.0.0.1:${port}/a.jpg`,
        'http://169.254.169.254/latest/meta-data/a.png',
        'http://10.0.0.5/a.jpg',
        'http://[::ffff:127.0.0.1]/a.jpg',
        `${site.origin}/hop`,
        'file:///etc/passwd',
      ]) {
        const refused = await client.post('/api/content/import', { url });
        expect(refused.status, url).toBe(422);
      }
    } finally {
      inside.close();
    }
    expect((await client.get('/api/content/files')).body).toEqual([]);
  });
});
