import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { MAX_UPLOAD_BYTES } from '@shared/schemas/media';
import { signedInUser, type TestClient } from '../support/api-client';
import { suiteS3Client } from '../support/suite-runtime-env';

/**
 * The spec's upload flow against the suite's runtime and its s3rver, the way a browser does it:
 * ask for signed PUTs, PUT the bytes with the headers given, confirm. s3rver checks signatures
 * like S3, so a changed key, type or size is refused by storage itself.
 */
let s3: S3Client;
beforeAll(() => {
  s3 = suiteS3Client();
});

const keysUnder = async (prefix: string) => {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
};

interface Target {
  mediaID: number;
  url: string;
  headers: Record<string, string>;
}

const put = (target: Target, body: Buffer, headers = target.headers) =>
  fetch(target.url, { method: 'PUT', headers, body });

async function upload(client: TestClient, filename: string, body: Buffer) {
  const asked = await client.post('/api/media/upload', [{ filename, size: body.length }]);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const [target] = asked.body as Target[];
  const stored = await put(target!, body);
  expect(stored.status, await stored.text()).toBe(200);
  return { target: target!, complete: () => client.post('/api/media/complete', { mediaID: target!.mediaID }) };
}

const jpeg = (width = 1200, height = 800, options: { orientation?: number } = {}) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withMetadata(options.orientation ? { orientation: options.orientation } : {})
    .jpeg({ quality: 85 })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 20, g: 120, b: 220, alpha: 0.8 } } })
    .png()
    .toBuffer();

const fetchImage = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
};

describe('POST /api/media/upload and /api/media/complete', () => {
  it('signs a PUT with the type the extension says, and completes into a library file with thumbnails', async () => {
    const { client, companyId } = await signedInUser('media-up');
    const body = await jpeg(1200, 800, { orientation: 6 });
    const { target, complete } = await upload(client, 'Summer Sale.JPG', body);
    expect(target.headers['content-type']).toBe('image/jpeg');
    expect(target.headers['content-disposition']).toBe('inline');
    // The browser uploads to a staging key; the library's object is written by the server.
    expect(new URL(target.url).pathname).toContain(`/media/staging/companies/${companyId}/media/`);

    const done = await complete();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      id: target.mediaID,
      type: 'image',
      filename: 'Summer Sale.JPG',
      description: '',
      extension: 'jpg',
      isUsed: false,
    });
    // EXIF orientation 6 (rotate 90°) applied, and no metadata left on what is served.
    const thumb = await fetchImage(done.body.thumbnails['256']);
    expect(thumb.format).toBe('jpeg');
    expect([thumb.width, thumb.height]).toEqual([171, 256]);
    const full = await fetchImage(done.body.thumbnails.full);
    expect([full.width, full.height]).toEqual([800, 1200]);
    expect(full.exif).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    expect(done.body.url).toBe(done.body.thumbnails.full);

    const listed = await client.get('/api/content/files');
    expect(listed.body.map((f: { id: number }) => f.id)).toContain(target.mediaID);
  });

  it('keeps an upright, metadata-free upload as it is and answers a PNG as an image', async () => {
    const { client } = await signedInUser('media-png');
    const body = await png();
    const { complete } = await upload(client, 'logo.png', body);
    const done = await complete();
    expect(done.status).toBe(200);
    const original = await fetch(done.body.url);
    expect(Buffer.from(await original.arrayBuffer()).equals(body)).toBe(true);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect((await fetchImage(done.body.thumbnails['256'])).width).toBe(256);
  });

  it('gives every file of racing batches its own id, and each completes on its own', async () => {
    const [{ client: one }, { client: two }] = await Promise.all([
      signedInUser('media-batch-a'),
      signedInUser('media-batch-b'),
    ]);
    const body = await jpeg(400, 300);
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((filename) => ({ filename, size: body.length }));
    const asked = await Promise.all([one, two, one, two].map((client) => client.post('/api/media/upload', files)));
    const batches = asked.map((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Target[];
    });
    const ids = batches.flat().map((t) => t.mediaID);
    expect(new Set(ids).size).toBe(12);
    // A batch takes a run of ids: consecutive within it.
    for (const batch of batches) expect(batch.map((t) => t.mediaID - batch[0]!.mediaID)).toEqual([0, 1, 2]);
    const [first] = batches;
    await Promise.all(first!.map((target) => put(target, body)));
    const done = await Promise.all(first!.map((t) => one.post('/api/media/complete', { mediaID: t.mediaID })));
    expect(done.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(done.map((res) => (res.body as { filename: string }).filename)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    // The other batches are still pending: nothing of theirs is in a library yet.
    expect(((await two.get('/api/content/files')).body as unknown[]).length).toBe(0);
    expect(((await one.get('/api/content/files')).body as unknown[]).length).toBe(3);
  });

  it("refuses files over 20 MB and types the spec does not support, with the spec's sentences", async () => {
    const { client } = await signedInUser('media-refuse');
    const big = await client.post('/api/media/upload', [{ filename: 'big.jpg', size: MAX_UPLOAD_BYTES + 1 }]);
    expect(big.status).toBe(422);
    expect(big.body.errors).toContainEqual({ path: '0.size', message: messages.fileTooLarge });
    const text = await client.post('/api/media/upload', [{ filename: 'notes.txt', size: 10 }]);
    expect(text.status).toBe(422);
    expect(text.body.errors).toContainEqual({ path: '0.filename', message: messages.unsupportedFileType });
    const none = await client.post('/api/media/upload', [{ filename: 'noextension', size: 10 }]);
    expect(none.status).toBe(422);
    expect((await client.post('/api/media/upload', [])).status).toBe(422);
    expect((await client.post('/api/media/upload', [{ filename: '', size: 10 }])).body.errors).toContainEqual({
      path: '0.filename',
      message: messages.filenameRequired,
    });
    expect((await client.post('/api/media/upload', { filename: 'a.jpg', size: 1 })).status).toBe(422);
    expect((await client.get('/api/content/files')).body).toEqual([]);
  });

  it('lets storage refuse a PUT with another type, another size, another disposition or an unsigned x-amz header', async () => {
    const { client } = await signedInUser('media-sig');
    const body = await jpeg(64, 64);
    const asked = await client.post('/api/media/upload', [{ filename: 'a.jpg', size: body.length }]);
    const target = asked.body[0] as Target;
    expect((await put(target, body, { ...target.headers, 'content-type': 'text/html' })).status).toBe(403);
    expect((await put(target, Buffer.concat([body, Buffer.from('x')]))).status).toBe(403);
    expect((await put(target, body, { ...target.headers, 'content-disposition': 'attachment' })).status).toBe(403);
    expect((await put(target, body, { ...target.headers, 'x-amz-tagging': 'media-upload=pending' })).status).toBe(403);
    expect((await client.post('/api/media/complete', { mediaID: target.mediaID })).body.message).toBe(
      messages.uploadNotReceived,
    );
  });

  it('refuses a .png that is really text: the object and the item are gone', async () => {
    const { client, companyId } = await signedInUser('media-liar');
    const { target, complete } = await upload(client, 'photo.png', Buffer.from('this is plain text, not a picture\n'));
    const refused = await complete();
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(messages.unsupportedFileType);
    expect(await keysUnder(`companies/${companyId}/`)).toEqual([]);
    expect(await keysUnder(`staging/companies/${companyId}/`)).toEqual([]);
    expect((await client.post('/api/media/complete', { mediaID: target.mediaID })).status).toBe(404);
    expect((await client.get('/api/content/files')).body).toEqual([]);
  });

  it('refuses a JPEG named .webp, and bytes that open like a JPEG but are not one', async () => {
    const { client, companyId } = await signedInUser('media-liar2');
    const renamed = await upload(client, 'photo.webp', await jpeg(32, 32));
    expect((await renamed.complete()).body.message).toBe(messages.unsupportedFileType);
    const fake = await upload(
      client,
      'photo.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]),
    );
    expect((await fake.complete()).body.message).toBe(messages.unsupportedFileType);
    expect(await keysUnder(`companies/${companyId}/`)).toEqual([]);
  });

  it('cannot change a completed file through its upload link: the link writes a staging key only', async () => {
    const { client, companyId } = await signedInUser('media-relink');
    const body = await png();
    const { target, complete } = await upload(client, 'logo.png', body);
    const done = await complete();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The staged upload is gone once the file is the library's.
    expect(await keysUnder(`staging/companies/${companyId}/`)).toEqual([]);
    const libraryKey = decodeURIComponent(new URL(done.body.url as string).pathname.replace(/^\/media\//, ''));
    expect(libraryKey.startsWith(`companies/${companyId}/media/`)).toBe(true);

    // The attack: the same link, still within its 15 minutes, with the same size of "A"s.
    const again = await put(target, Buffer.alloc(body.length, 'A'));
    expect(again.status).toBe(200);
    const replay = await complete();
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(messages.uploadAlreadyCompleted);

    const [listed] = (await client.get('/api/content/files')).body as { url: string; thumbnails: { full: string } }[];
    for (const url of [done.body.url as string, listed!.url, listed!.thumbnails.full]) {
      const served = await fetch(url);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(body)).toBe(true);
    }
    // The link's key is not the library's, and nothing but the server writes the library's.
    expect(await keysUnder(libraryKey)).toEqual([libraryKey]);
  });

  it('refuses a decompression bomb (a PNG of under 1 MB declaring 16000×16000) from its header: 422, nothing kept', async () => {
    const { client, companyId } = await signedInUser('media-bomb');
    // One colour compresses 256 megapixels into about 776 KB; decoding them took the server 20 s.
    const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const { target, complete } = await upload(client, 'poster.png', bomb);
    const refused = await complete();
    // The sentence comes only from the header check (a decode that failed would be 'Unsupported
    // file type'); that the header is read before any decoding is tests/unit/media-renditions.
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(messages.imageTooLarge);
    expect(await keysUnder(`companies/${companyId}/`)).toEqual([]);
    expect(await keysUnder(`staging/companies/${companyId}/`)).toEqual([]);
    expect((await client.post('/api/media/complete', { mediaID: target.mediaID })).status).toBe(404);
    // The runtime is free for the next upload.
    const next = await upload(client, 'small.png', await png());
    expect((await next.complete()).status).toBe(200);
  });

  it('answers a replayed completion with a 409 and changes nothing', async () => {
    const { client } = await signedInUser('media-replay');
    const { complete } = await upload(client, 'once.jpg', await jpeg(300, 200));
    const first = await complete();
    expect(first.status).toBe(200);
    const again = await complete();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.uploadAlreadyCompleted);
    expect((await client.get('/api/content/files')).body).toHaveLength(1);
  });

  it('answers unknown ids with 404 and malformed ones with 422', async () => {
    const { client } = await signedInUser('media-unknown');
    const unknown = await client.post('/api/media/complete', { mediaID: 987_654_321 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.mediaNotFound);
    expect((await client.post('/api/media/complete', { mediaID: 'x' })).status).toBe(422);
    expect((await client.post('/api/media/complete', { mediaID: -1 })).status).toBe(422);
  });

  it('gives a video a poster or a clear video tile', async () => {
    const { client } = await signedInUser('media-video');
    // An MP4's opening box (ftyp, brand isom) followed by padding: enough for the type check.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2avc1mp41'),
      Buffer.alloc(4096),
    ]);
    const { complete } = await upload(client, 'clip.mp4', mp4);
    const done = await complete();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.type).toBe('video');
    expect(done.body.url).not.toBe(done.body.thumbnails.full);
    expect((await fetchImage(done.body.thumbnails['256'])).width).toBe(256);
    expect((await fetchImage(done.body.thumbnails.full)).format).toBe('jpeg');
  });
});

describe('tenant isolation of uploads', () => {
  it("cannot use company A's signed PUT to write under company B's prefix", async () => {
    const a = await signedInUser('media-a');
    const b = await signedInUser('media-b');
    const body = await jpeg(64, 64);
    const asked = await a.client.post('/api/media/upload', [{ filename: 'a.jpg', size: body.length }]);
    const target = asked.body[0] as Target;
    const moved = new URL(target.url);
    moved.pathname = moved.pathname.replace(`/companies/${a.companyId}/`, `/companies/${b.companyId}/`);
    expect(moved.pathname).toContain(`/companies/${b.companyId}/`);
    const attempt = await fetch(moved, { method: 'PUT', headers: target.headers, body });
    expect(attempt.status).toBe(403);
    expect(await attempt.text()).toContain('SignatureDoesNotMatch');
    expect(await keysUnder(`companies/${b.companyId}/`)).toEqual([]);
  });

  it("answers another company's media ids with 404 everywhere", async () => {
    const a = await signedInUser('media-owner');
    const b = await signedInUser('media-stranger');
    const pending = await a.client.post('/api/media/upload', [{ filename: 'p.jpg', size: 10 }]);
    const { complete } = await upload(a.client, 'mine.jpg', await jpeg(64, 64));
    const mine = (await complete()).body as { id: number };

    const completeOther = await b.client.post('/api/media/complete', { mediaID: pending.body[0].mediaID });
    expect(completeOther.status).toBe(404);
    expect((await b.client.patch(`/api/content/${mine.id}`, { filename: 'stolen.jpg' })).status).toBe(404);
    expect((await b.client.delete(`/api/content/${mine.id}`)).status).toBe(404);
    expect((await b.client.post('/api/content/files/batch', { ids: [mine.id] })).body).toEqual([]);
    expect((await b.client.get('/api/content/files')).body).toEqual([]);
    expect((await a.client.post('/api/content/files/batch', { ids: [mine.id] })).body).toHaveLength(1);
  });
});
