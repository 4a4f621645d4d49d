import { createHmac } from 'node:crypto';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInUser } from '../support/api-client';
import { suiteS3Client } from '../support/suite-runtime-env';

/**
 * The embedded runtime's S3 server, attacked as a stranger would: from a page in the browser
 * (simple requests, HTML forms) or any local process, without the runtime's secret. Only
 * requests presigned or signed with the runtime's credentials get through, as on S3.
 */
let s3: S3Client;
let endpoint: string;
beforeAll(() => {
  s3 = suiteS3Client();
  endpoint = inject('runtime').s3Endpoint;
});

const exists = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: 'media', Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
};

/** A company with one real library file, and that file's key. */
async function companyWithFile(label: string) {
  const { client, companyId } = await signedInUser(label);
  const body = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const asked = await client.post('/api/media/upload', [{ filename: 'logo.png', size: body.length }]);
  const target = asked.body[0] as { mediaID: number; url: string; headers: Record<string, string> };
  const stored = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
  expect(stored.status, await stored.text()).toBe(200);
  const done = await client.post('/api/media/complete', { mediaID: target.mediaID });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const key = decodeURIComponent(new URL(done.body.url as string).pathname.replace(/^\/media\//, ''));
  expect(key.startsWith(`companies/${companyId}/`)).toBe(true);
  return { client, companyId, key, body, target, done: done.body as { url: string } };
}

describe('the local S3 server refuses requests without the runtime’s signature', () => {
  it('an unsigned listing of every company’s keys is a 403 that names no key', async () => {
    const { companyId } = await companyWithFile('s3-list');
    for (const url of [`${endpoint}/media?prefix=companies/`, `${endpoint}/media?list-type=2`, `${endpoint}/`]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(403);
      expect(await res.text(), url).not.toContain(`companies/${companyId}/`);
    }
  });

  it('an unsigned PUT cannot plant an HTML page under a company’s prefix, nor overwrite its file', async () => {
    const { companyId, key, body, done } = await companyWithFile('s3-put');
    const planted = `companies/${companyId}/media/evil.html`;
    const put = await fetch(`${endpoint}/media/${planted}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: '<script>alert(document.domain)</script>',
    });
    expect(put.status).toBe(403);
    expect(await exists(planted)).toBe(false);
    const overwrite = await fetch(`${endpoint}/media/${key}`, { method: 'PUT', body: 'AAAA' });
    expect(overwrite.status).toBe(403);
    const served = await fetch(done.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(body)).toBe(true);
  });

  it('an unsigned DELETE leaves the file where it is', async () => {
    const { key } = await companyWithFile('s3-delete');
    const res = await fetch(`${endpoint}/media/${key}`, { method: 'DELETE' });
    expect(res.status).toBe(403);
    const batch = await fetch(`${endpoint}/media?delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: `<Delete><Object><Key>${key}</Key></Object></Delete>`,
    });
    expect(batch.status).toBe(403);
    expect(await exists(key)).toBe(true);
  });

  it('a cross-origin HTML form POST writes nothing', async () => {
    const { companyId } = await companyWithFile('s3-form');
    const key = `companies/${companyId}/media/form.html`;
    const form = new FormData();
    form.append('key', key);
    form.append('Content-Type', 'text/html');
    form.append('file', new Blob(['<h1>planted</h1>'], { type: 'text/html' }), 'x.html');
    const res = await fetch(`${endpoint}/media`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(await exists(key)).toBe(false);
  });

  it('s3rver’s well-known secret signs nothing: SDK calls, presigned URLs and SigV2 are refused', async () => {
    const { companyId, key } = await companyWithFile('s3-known-secret');
    const known = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(
      known.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: `companies/${companyId}/` })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    const planted = `companies/${companyId}/media/known.html`;
    await expect(
      known.send(new PutObjectCommand({ Bucket: 'media', Key: planted, Body: '<b>x</b>', ContentType: 'text/html' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    const presigned = await getSignedUrl(known, new GetObjectCommand({ Bucket: 'media', Key: key }));
    expect((await fetch(presigned)).status).toBe(403);
    // SigV2 in the query, which s3rver itself would verify against that secret and accept.
    const expires = Math.floor(Date.now() / 1000) + 600;
    const v2 = createHmac('sha1', 'S3RVER').update(`GET\n\n\n${expires}\n/media/${key}`).digest('base64');
    const signedV2 = `${endpoint}/media/${key}?AWSAccessKeyId=S3RVER&Expires=${expires}&Signature=${encodeURIComponent(v2)}`;
    expect((await fetch(signedV2)).status).toBe(403);
    expect(await exists(planted)).toBe(false);
  });

  it('presigned GET and PUT still work, each for its own method, key and time', async () => {
    const { key, body, target } = await companyWithFile('s3-presigned');
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'media', Key: key }), { expiresIn: 60 });
    const read = await fetch(get);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(body)).toBe(true);
    // The same signature on another method or key, or after its expiry, opens nothing.
    expect((await fetch(get, { method: 'DELETE' })).status).toBe(403);
    const other = new URL(get);
    other.pathname = other.pathname.replace(/\.png$/, '.jpg');
    expect((await fetch(other)).status).toBe(403);
    const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'media', Key: key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 3600_000),
    });
    expect((await fetch(expired)).status).toBe(403);
    // The app's upload link takes its PUT, and nothing else.
    expect((await fetch(target.url, { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(target.url)).status).toBe(403);
    const put = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: 'media', Key: `test/${Date.now()}.txt`, ContentType: 'text/plain' }),
      { expiresIn: 60, signableHeaders: new Set(['content-type']) },
    );
    expect((await fetch(put, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'ok' })).status).toBe(
      200,
    );
  });

  it('a CORS preflight from the app is still answered (it carries no credentials)', async () => {
    const { target } = await companyWithFile('s3-preflight');
    const preflight = await fetch(target.url, {
      method: 'OPTIONS',
      headers: {
        origin: inject('runtime').url,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
  });
});
