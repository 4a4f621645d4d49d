import { deflateSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_PIXELS } from '@shared/schemas/media';
import { limitConcurrency } from '../../functions/core/limit-concurrency';

/**
 * Decompression bombs and the rendition queue. A fake sharp stands in where the test must see
 * what was asked of it (header read, decode), so "refused before decoding" is an observation,
 * not a timing; the real sharp then refuses a real bomb.
 */
interface FakeCall {
  options: { limitInputPixels?: number | boolean } | undefined;
  decoded: string[];
}

interface FakeHeader {
  width: number;
  height: number;
  hasAlpha: boolean;
  exif?: Buffer;
}

interface FakeState {
  header: FakeHeader;
  calls: FakeCall[];
  /** Decodes wait on this when set, so a test can hold them in flight. */
  gate?: Promise<void>;
  active: number;
  peak: number;
}

const fake = vi.hoisted((): FakeState => ({
  header: { width: 16_000, height: 16_000, hasAlpha: false },
  calls: [],
  active: 0,
  peak: 0,
}));

vi.mock('../../functions/core/media/load-sharp', () => ({
  loadSharp: () =>
    Promise.resolve((_input: unknown, options?: FakeCall['options']) => {
      const call: FakeCall = { options, decoded: [] };
      fake.calls.push(call);
      const pipeline = {
        metadata: () => Promise.resolve(fake.header),
        rotate: () => (call.decoded.push('rotate'), pipeline),
        resize: () => (call.decoded.push('resize'), pipeline),
        jpeg: () => (call.decoded.push('jpeg'), pipeline),
        webp: () => (call.decoded.push('webp'), pipeline),
        png: () => (call.decoded.push('png'), pipeline),
        toBuffer: async () => {
          call.decoded.push('toBuffer');
          fake.active++;
          fake.peak = Math.max(fake.peak, fake.active);
          try {
            await fake.gate;
            return Buffer.from('thumb');
          } finally {
            fake.active--;
          }
        },
      };
      return pipeline;
    }),
}));

const { imageRenditions, ImageTooLargeError } = await import('../../functions/core/media/renditions');

describe('imageRenditions and the pixel limit', () => {
  beforeEach(() => {
    fake.calls.length = 0;
    fake.gate = undefined;
    fake.active = fake.peak = 0;
    fake.header = { width: 16_000, height: 16_000, hasAlpha: false };
  });

  it('refuses a 16000×16000 image from its header, without decoding a pixel', async () => {
    await expect(imageRenditions(Buffer.from('png bytes'), 'png')).rejects.toBeInstanceOf(ImageTooLargeError);
    // One sharp instance, asked for its header only: no rotate, resize, encode or toBuffer.
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.decoded).toEqual([]);
  });

  it('decodes an image at the limit, with sharp’s own pixel limit set on every decoding instance', async () => {
    fake.header = { width: 8000, height: 5000, hasAlpha: false, exif: Buffer.from('gps') };
    expect(8000 * 5000).toBe(MAX_IMAGE_PIXELS);
    const out = await imageRenditions(Buffer.from('jpeg bytes'), 'jpg');
    expect(out.thumb256.contentType).toBe('image/jpeg');
    expect(out.full?.contentType).toBe('image/jpeg');
    const [header, ...decoders] = fake.calls;
    expect(header!.decoded).toEqual([]);
    expect(decoders.length).toBeGreaterThan(0);
    for (const call of decoders) {
      expect(call.decoded).toContain('toBuffer');
      expect(call.options?.limitInputPixels).toBe(MAX_IMAGE_PIXELS);
    }
  });

  it('refuses one pixel over the limit', async () => {
    fake.header = { width: 8000, height: 5001, hasAlpha: false };
    await expect(imageRenditions(Buffer.from('x'), 'png')).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('decodes at most two images at a time in a process; the rest wait their turn', async () => {
    fake.header = { width: 640, height: 480, hasAlpha: false };
    let open!: () => void;
    fake.gate = new Promise<void>((resolve) => (open = resolve));
    const all = Promise.all(Array.from({ length: 6 }, () => imageRenditions(Buffer.from('x'), 'png')));
    await vi.waitFor(() => expect(fake.active).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.active).toBe(2);
    open();
    expect(await all).toHaveLength(6);
    expect(fake.peak).toBeLessThanOrEqual(2);
  });
});

describe('limitConcurrency', () => {
  it('runs at most `limit` tasks at once, in the order given, and a failure frees its slot', async () => {
    const slot = limitConcurrency(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => () => {
      started.push(i);
      active++;
      peak = Math.max(peak, active);
      return new Promise<number>((resolve, reject) =>
        setTimeout(() => {
          active--;
          if (i === 1) reject(new Error('boom'));
          else resolve(i);
        }, 5),
      );
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((i) => slot(task(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Every slot came back: two more start at once.
    let together = 0;
    await Promise.all([
      slot(async () => {
        together++;
      }),
      slot(async () => {
        together++;
        expect(together).toBe(2);
      }),
    ]);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => limitConcurrency(0)).toThrow();
    expect(() => limitConcurrency(1.5)).toThrow();
  });
});

/** A real PNG whose header says 16000×16000 (1 bit grey, 32 MB of zero rows deflated to ~32 KB). */
function bombPng(width = 16_000, height = 16_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter 0, all black
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe('with the real sharp', () => {
  it('refuses a small PNG that declares 256 megapixels, and still reads a broken file as unreadable', async () => {
    vi.doUnmock('../../functions/core/media/load-sharp');
    vi.resetModules();
    const real = await import('../../functions/core/media/renditions');
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(100_000);
    await expect(real.imageRenditions(bomb, 'png')).rejects.toBeInstanceOf(real.ImageTooLargeError);
    await expect(real.imageRenditions(Buffer.from('not an image'), 'png')).rejects.toBeInstanceOf(
      real.UnreadableImageError,
    );
    const small = bombPng(64, 64);
    expect((await real.imageRenditions(small, 'png')).thumb256.body.length).toBeGreaterThan(0);
  });
});
