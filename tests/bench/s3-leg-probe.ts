/**
 * What each S3 call of an image upload costs on the embedded runtime's s3rver, in CPU ms of this
 * process (server and client both run here, as in the runtime): the floor under the media
 * bench's images/s. One call at a time, 2 MB bodies like the bench's photos. Run alone:
 *   npx tsx tests/bench/s3-leg-probe.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { freePort } from '../../infra/local/free-port';
import { startS3 } from '../../infra/local/s3';

const N = 60;
const BUCKET = 'probe';
const dir = mkdtempSync(join(tmpdir(), 's3-probe-'));
const server = await startS3(dir, await freePort(), BUCKET, ['http://localhost']);
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: server.endpoint,
  forcePathStyle: true,
  credentials: server.credentials,
});
const photo = Buffer.alloc(2_000_000, 7);
const thumbnail = photo.subarray(0, 20_000);

const rows: Record<string, string | number>[] = [];
async function measure(call: string, run: (i: number) => Promise<unknown>) {
  await run(-1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < N; i++) await run(i);
  const used = process.cpuUsage(cpu);
  rows.push({
    call,
    'CPU ms': Number(((used.user + used.system) / 1000 / N).toFixed(1)),
    'wall ms': Number(((performance.now() - started) / N).toFixed(1)),
  });
}

try {
  await measure('presigned PUT, 2 MB (fetch)', async (i) => {
    const command = new PutObjectCommand({ Bucket: BUCKET, Key: `photo-${i}`, ContentType: 'image/jpeg' });
    const url = await getSignedUrl(s3, command, { expiresIn: 900, signableHeaders: new Set(['content-type']) });
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: photo });
    await res.arrayBuffer();
  });
  await measure('GetObject, 2 MB (SDK)', async (i) => {
    const out = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `photo-${Math.max(0, i)}` }));
    await out.Body?.transformToByteArray();
  });
  await measure('presigned GET, 2 MB (node:http)', async (i) => {
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: `photo-${Math.max(0, i)}` }));
    return new Promise((resolve, reject) => {
      request(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end();
    });
  });
  await measure('PutObject, 20 KB (SDK)', (i) =>
    s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `thumb-${i}`, Body: thumbnail, ContentType: 'image/jpeg' })),
  );
  // Completion writes the library's copy (the PutObject above, 2 MB) and drops the staged upload.
  await measure('DeleteObjects, one key (SDK)', (i) =>
    s3.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: [{ Key: `thumb-${i}` }], Quiet: true } })),
  );
  await measure('presigned GET URL (SDK)', (i) =>
    getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: `photo-${i}` }), { expiresIn: 1200 }),
  );
  console.table(rows);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
