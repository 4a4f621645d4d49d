import { Readable, pipeline, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchRefusedError, fetchMessages } from './fetch-errors';

export interface BodyOptions {
  maxBytes: number;
  decompress: boolean;
  /** What the sentence calls it when too large: "The page is larger than 5 MB." */
  resource: 'page' | 'file';
  /** Maps a failure while reading (timeout, reset, bad gzip) to the user's sentence. */
  explain: (error: unknown) => unknown;
  /** Called once when the body has ended, failed or been cancelled. */
  done: () => void;
}

const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

export const acceptEncoding = 'gzip, deflate, br';

/**
 * A response body as the caller reads it: decoded, and cut off with a refusal once it passes
 * maxBytes. The count is of decoded bytes, so neither a lying or missing Content-Length nor a
 * small gzip that inflates to gigabytes gets past the cap.
 */
export function cappedBody(
  raw: Readable,
  contentEncoding: string | undefined,
  options: BodyOptions,
): { stream: Readable; cancel: () => Promise<void> } {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token && token !== 'identity');
  const canDecode = options.decompress && encodings.length > 0 && encodings.every((token) => token in decoders);
  // Encodings apply in the order listed, so they come off in reverse.
  const source = canDecode
    ? (pipeline([raw, ...encodings.reverse().map((token) => decoders[token]())], () => {}) as unknown as Readable)
    : raw;

  let started = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    started = true;
    let total = 0;
    try {
      for await (const chunk of source) {
        total += (chunk as Buffer).length;
        if (total > options.maxBytes) throw tooLarge(options);
        yield chunk as Buffer;
      }
    } catch (error) {
      throw error instanceof FetchRefusedError ? error : options.explain(error);
    } finally {
      if (!raw.destroyed) raw.destroy();
      if (source !== raw && !source.destroyed) source.destroy();
      options.done();
    }
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  const cancel = async () => {
    if (started) return void stream.destroy();
    // Unread: a small rest (a redirect's page) is read off so the keep-alive connection stays usable.
    stream.destroy();
    await (raw as Readable & { dump?: () => Promise<unknown> }).dump?.().catch(() => {});
    if (!raw.destroyed) raw.destroy();
    options.done();
  };
  return { stream, cancel };
}

export function tooLarge(options: Pick<BodyOptions, 'maxBytes' | 'resource'>): FetchRefusedError {
  return new FetchRefusedError('too-large', fetchMessages.tooLarge(options.resource, formatSize(options.maxBytes)));
}

const MB = 1024 * 1024;

/** 20 MB, 1.5 MB, 64 KB: sizes as a person reads them. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

export async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The charset of a Content-Type, when TextDecoder knows it; UTF-8 otherwise. */
export function decodeText(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
