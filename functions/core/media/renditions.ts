import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import type { Metadata, Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS, type MediaExtension } from '@shared/schemas/media';
import { limitConcurrency } from '../limit-concurrency';
import { loadSharp } from './load-sharp';
import { config } from '../config';

/** Spec 01 §9: the thumbnail sizes are 256 and full. */
const THUMBNAIL_EDGE = 256;
const FULL_POSTER_CONTENT_TYPE = 'image/jpeg';

export interface Renditions {
  /** The 256 px rendition. */
  thumb256: { body: Buffer; contentType: string };
  /** A full-size rendition to store beside the file, or undefined when the file itself is the full size. */
  full?: { body: Buffer; contentType: string };
}

/** The file is not an image sharp can read, whatever its first bytes said. */
export class UnreadableImageError extends Error {}

/** The image's header declares more than MAX_IMAGE_PIXELS: refused before a pixel is decoded. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width}x${height} is over ${MAX_IMAGE_PIXELS} pixels`);
  }
}

/**
 * Renditions decode whole images (up to MAX_IMAGE_PIXELS: about 160 MB of pixels each) and run
 * ffmpeg: at most two at a time in a process (one per core on a small machine), the rest wait.
 * A Lambda serves one request at a time anyway; the embedded runtime serves everyone from one
 * process, where a burst of large uploads would otherwise slow every other request too.
 */
const RENDITION_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism()));
const renditionSlot = limitConcurrency(RENDITION_CONCURRENCY);

/**
 * The image's header only (sharp reads the dimensions without decoding a pixel): an image over
 * the pixel limit is refused here, however small its file.
 */
async function readHeader(bytes: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
  } catch {
    throw new UnreadableImageError('not an image');
  }
  if (!meta.width || !meta.height) throw new UnreadableImageError('no dimensions');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(meta.width, meta.height);
  return meta;
}

/**
 * The 256 px rendition: JPEG for opaque images (about a third cheaper to encode than WebP, and
 * encoding is most of a thumbnail's cost), WebP where there is transparency to keep.
 */
async function thumbnail(input: Sharp, alpha: boolean): Promise<{ body: Buffer; contentType: string }> {
  const resized = input.resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true });
  return alpha
    ? { body: await resized.webp({ quality: 78 }).toBuffer(), contentType: 'image/webp' }
    : { body: await resized.jpeg({ quality: 80 }).toBuffer(), contentType: 'image/jpeg' };
}

/**
 * The 256 px thumbnail with the EXIF orientation applied, and the full size: the upload itself
 * when it is already upright and carries no metadata (most files: nothing to re-encode), else an
 * upright copy with EXIF, XMP and IPTC stripped (a phone photo's GPS position stays private).
 * The header is checked first (ImageTooLargeError, before any decoding); decoding then runs in a
 * rendition slot, with sharp's own pixel limit as well.
 */
export async function imageRenditions(bytes: Buffer, ext: MediaExtension): Promise<Renditions> {
  const meta = await readHeader(bytes);
  const sharp = await loadSharp();
  const decode = () => sharp(bytes, { failOn: 'none', limitInputPixels: MAX_IMAGE_PIXELS });
  const upright = (meta.orientation ?? 1) === 1;
  const clean = !meta.exif && !meta.xmp && !meta.iptc;
  return renditionSlot(async () => {
    try {
      const thumb256 = await thumbnail(decode().rotate(), meta.hasAlpha);
      if (upright && clean) return { thumb256 };
      const rotated = decode().rotate();
      const full =
        ext === 'png'
          ? await rotated.png().toBuffer()
          : ext === 'webp'
            ? await rotated.webp({ quality: 90 }).toBuffer()
            : await rotated.jpeg({ quality: 90 }).toBuffer();
      return { thumb256, full: { body: full, contentType: ext === 'jpg' ? 'image/jpeg' : `image/${ext}` } };
    } catch {
      throw new UnreadableImageError('not an image');
    }
  });
}

/** Whether this machine has ffmpeg, asked once when the module loads (Lambda has none). */
const FFMPEG = config.ffmpegPath;
const hasFfmpeg = spawnSync(FFMPEG, ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;

/**
 * A video's poster: a frame from ffmpeg when the machine has it, else the clear video tile (also
 * when the frame is over the pixel limit).
 */
export async function videoRenditions(bytes: Buffer | undefined, ext: MediaExtension): Promise<Renditions> {
  return renditionSlot(async () => {
    const frame = hasFfmpeg && bytes ? await posterFrame(bytes, ext).catch(() => undefined) : undefined;
    const usable =
      frame &&
      (await readHeader(frame)
        .then(() => frame)
        .catch(() => undefined));
    const poster = usable ?? (await videoTile(ext));
    const sharp = await loadSharp();
    const full = await sharp(poster, { limitInputPixels: MAX_IMAGE_PIXELS }).jpeg({ quality: 85 }).toBuffer();
    return {
      thumb256: await thumbnail(sharp(poster, { limitInputPixels: MAX_IMAGE_PIXELS }), false),
      full: { body: full, contentType: FULL_POSTER_CONTENT_TYPE },
    };
  });
}

/** One frame a second in (or the first, for shorter clips), as PNG. */
async function posterFrame(bytes: Buffer, ext: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'poster-'));
  try {
    const file = join(dir, `video.${ext}`);
    await writeFile(file, bytes);
    for (const seek of ['1', '0']) {
      const png = await run(FFMPEG, [
        '-v',
        'error',
        '-ss',
        seek,
        '-i',
        file,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        '-',
      ]);
      if (png.length) return png;
    }
    throw new Error('no frame');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`exit ${code}`))));
  });
}

/** A 16:9 tile that says "video" at a glance: a play button and the format. */
async function videoTile(ext: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#334155"/></linearGradient></defs>
  <rect width="1280" height="720" fill="url(#g)"/>
  <circle cx="640" cy="330" r="120" fill="#ffffff" fill-opacity="0.14"/>
  <path d="M600 260 L720 330 L600 400 Z" fill="#ffffff"/>
  <text x="640" y="560" font-family="sans-serif" font-size="64" font-weight="700" fill="#e2e8f0" text-anchor="middle">VIDEO · ${ext.toUpperCase()}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
