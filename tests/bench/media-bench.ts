/**
 * The media library's upload path as the spec has it (POST /api/media/upload for 3 files, a
 * signed PUT each, POST /api/media/complete each: type check, thumbnails, item ready) on the
 * embedded runtime, against sharp's own thumbnail rate on the same files in this process.
 * 100 JPEGs of 3000×2000, about 2 MB each.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { startRuntimeProcess } from '../support/runtime';
import { treeCpuMsByCommand } from './process-cpu';

const FILES = Number(process.env.MEDIA_BENCH_FILES ?? 100);
/** Upload requests in flight, each of the spec's batch of 3 files. */
const BATCHES_IN_FLIGHT = Number(process.env.MEDIA_BENCH_BATCHES ?? 4);
const BATCH = 3;
const DISTINCT = 10;

/** Smooth noise scaled up compresses like a photo: about 2 MB at quality 80. */
async function photos(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  let seed = 12345;
  for (let n = 0; n < DISTINCT; n++) {
    const small = Buffer.alloc(750 * 500 * 3);
    for (let i = 0; i < small.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      small[i] = seed >>> 24;
    }
    out.push(
      await sharp(small, { raw: { width: 750, height: 500, channels: 3 } })
        .resize(3000, 2000)
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return out;
}

async function signedIn(base: string) {
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: base,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench password 1';
  await send('POST', '/api/auth/register', {
    firstName: 'Bench',
    lastName: 'Media',
    email,
    password,
    subscribed: false,
    accept_terms: true,
  });
  const mailbox = (await send('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`)) as {
    messages: { text: string }[];
  };
  const link = new URL(/(https?:\/\/\S+)/.exec(mailbox.messages[0]?.text ?? '')?.[1] ?? '');
  await send('POST', '/api/auth/verify', {
    code: link.searchParams.get('code'),
    id: Number(link.searchParams.get('id')),
  });
  await send('POST', '/api/auth/login', { email, password });
  return send;
}

interface Target {
  mediaID: number;
  url: string;
  headers: Record<string, string>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function runMediaBench() {
  const files = await photos();
  const fileOf = (i: number) => files[i % DISTINCT]!;
  const averageMb = files.reduce((sum, f) => sum + f.length, 0) / files.length / 1024 / 1024;

  // sharp alone: the same thumbnail (EXIF rotate, 256 px inside, JPEG) the complete route makes.
  const thumb = (body: Buffer) =>
    sharp(body).rotate().resize(256, 256, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  await thumb(fileOf(0));
  let next = 0;
  const sharpStarted = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < FILES) await thumb(fileOf(next++));
    }),
  );
  const sharpRate = FILES / ((performance.now() - sharpStarted) / 1000);

  const runtime = await startRuntimeProcess();
  try {
    const send = await signedIn(runtime.url);
    const completeMs: number[] = [];
    const uploadOne = async (target: Target, body: Buffer) => {
      const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
      if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
      const t = performance.now();
      await send('POST', '/api/media/complete', { mediaID: target.mediaID });
      completeMs.push(performance.now() - t);
    };
    const uploadBatch = async (indexes: number[]) => {
      const targets = (await send(
        'POST',
        '/api/media/upload',
        indexes.map((i) => ({ filename: `photo-${i}.jpg`, size: fileOf(i).length })),
      )) as Target[];
      await Promise.all(targets.map((target, k) => uploadOne(target, fileOf(indexes[k]!))));
    };
    // Warm the handlers (and sharp in the runtime) before timing.
    await uploadBatch([0]);
    completeMs.length = 0;

    let cursor = 0;
    const cpuBefore = treeCpuMsByCommand(runtime.pid);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: BATCHES_IN_FLIGHT }, async () => {
        while (cursor < FILES) {
          const indexes = Array.from({ length: Math.min(BATCH, FILES - cursor) }, (_, k) => cursor + k);
          cursor += indexes.length;
          await uploadBatch(indexes);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = treeCpuMsByCommand(runtime.pid);
    const cpuMs = (name: string) => ((cpuAfter[name] ?? 0) - (cpuBefore[name] ?? 0)) / FILES;
    const cpuMsPerImage = Object.keys(cpuAfter).reduce((sum, name) => sum + cpuMs(name), 0);
    const listed = (await send('GET', '/api/content/files')) as unknown[];
    if (listed.length !== FILES + 1)
      throw new Error(`expected ${FILES + 1} files in the library, found ${listed.length}`);
    completeMs.sort((a, b) => a - b);
    return {
      files: FILES,
      averageMb: Number(averageMb.toFixed(2)),
      inFlight: BATCHES_IN_FLIGHT * BATCH,
      endToEndImagesPerSecond: Number((FILES / seconds).toFixed(1)),
      completeP50Ms: Math.round(percentile(completeMs, 50)),
      completeP99Ms: Math.round(percentile(completeMs, 99)),
      sharpThumbnailsPerSecond: Number(sharpRate.toFixed(1)),
      // The runtime's CPU (Node, sharp's threads, s3rver, DynamoDB Local) per image, whatever else
      // the machine was doing, and the rate that cost allows on this machine's cores when idle.
      runtimeCpuMsPerImage: Math.round(cpuMsPerImage),
      nodeCpuMsPerImage: Math.round(cpuMs('node')),
      dynamoDbLocalCpuMsPerImage: Math.round(cpuMs('java')),
      idleCeilingImagesPerSecond: Number(((availableParallelism() * 1000) / cpuMsPerImage).toFixed(1)),
    };
  } finally {
    await runtime.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table([await runMediaBench()]);
