import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { describeObject, presignDownload, presignUpload } from '../../functions/core/storage/media-storage';
import { suiteS3Credentials } from '../support/suite-runtime-env';

/** Presigned URLs signed by the real S3 client, used the way a browser uses them. */
describe('media storage on s3rver', () => {
  beforeAll(() => {
    const runtime = inject('runtime');
    const { accessKeyId, secretAccessKey } = suiteS3Credentials();
    Object.assign(process.env, {
      S3_ENDPOINT: runtime.s3Endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      MEDIA_BUCKET: 'media',
    });
  });

  it('a presigned PUT with the signed headers uploads, HEAD describes, a presigned GET downloads', async () => {
    const key = `test/${Date.now()}.png`;
    const body = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const { url, headers } = await presignUpload(key, { contentType: 'image/png', contentLength: body.length });
    expect(url).not.toMatch(/x-amz-checksum/i);
    const put = await fetch(url, { method: 'PUT', body, headers });
    expect(put.status).toBe(200);
    expect(await describeObject(key)).toEqual({ size: body.length, contentType: 'image/png' });
    const get = await fetch(await presignDownload(key));
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(body);
    expect(await describeObject('test/never-uploaded.png')).toBeUndefined();
  });

  it("the bucket's CORS lets the app's origin PUT from a browser (preflight)", async () => {
    const { url } = await presignUpload(`test/${Date.now()}-c.png`, { contentType: 'image/png', contentLength: 3 });
    const appOrigin = inject('runtime').url;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: appOrigin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    // s3rver answers a matched preflight with '*'; S3 echoes the origin. Both let the browser PUT.
    expect([appOrigin, '*']).toContain(preflight.headers.get('access-control-allow-origin'));
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreign = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
