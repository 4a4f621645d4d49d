import { finished, Transform, type Readable } from 'node:stream';
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
  raw: Readable & { dump?: () => Promise<unknown> },
  contentEncoding: string | undefined,
  options: BodyOptions,
): { stream: Readable; cancel: () => Promise<void> } {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token && token !== 'identity');
  const canDecode = options.decompress && encodings.length > 0 && encodings.every((token) => token in decoders);
  // Encodings apply in the order listed, so they come off in reverse.
  const decoding = canDecode ? encodings.reverse().map((token) => decoders[token]()) : [];
  const stages: Readable[] = [raw, ...decoding];

  let total = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > options.maxBytes) callback(tooLarge(options));
      else callback(null, chunk);
    },
  });
  // pipe() rather than pipeline(): it does not forward errors, so each one reaches the reader in the user's words.
  decoding.reduce<Readable>((from, to) => from.pipe(to), raw).pipe(capped);
  const fail = (error: unknown) => {
    capped.destroy((error instanceof FetchRefusedError ? error : options.explain(error)) as Error);
  };
  for (const stage of stages) stage.on('error', fail);
  // The reader sees the error (streams keep it); without a listener until then it would crash the process.
  capped.on('error', () => {});
  capped.once('close', () => {
    for (const stage of stages) if (!stage.destroyed) stage.destroy();
    options.done();
  });

  const cancel = async () => {
    if (!raw.readableEnded && raw.dump) {
      // undici reads off a small rest (a redirect's page) so the keep-alive connection stays usable.
      raw.unpipe();
      await raw.dump().catch(() => {});
    }
    capped.destroy();
  };
  return { stream: capped, cancel };
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

export function readAll(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    body.on('data', (chunk: Buffer) => parts.push(chunk));
    // finished() also reports a stream that failed before anyone read it.
    finished(body, (error) => (error ? reject(error) : resolve(Buffer.concat(parts))));
  });
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
