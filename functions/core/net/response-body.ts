import { Transform, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchRefusedError, fetchMessages } from './fetch-errors';

export interface BodyOptions {
  maxBytes: number;
  decompress: boolean;
  /** What the sentence calls it when too large: "The page is larger than 5 MB." */
  resource: 'page' | 'file';
  /** True once the fetch's time budget is spent. */
  expired: () => boolean;
  /** Maps a failure while reading (timeout, reset, bad gzip) to the user's sentence. */
  explain: (error: unknown) => unknown;
}

const decoders = new Map<string, () => Transform>([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

export const acceptEncoding = 'gzip, deflate, br';

type RawBody = Readable & { dump?: () => Promise<unknown> };

/**
 * A response body as the caller reads it: decoded, and cut off with a refusal once it passes
 * maxBytes or the time budget. The count is of decoded bytes, so neither a lying or missing
 * Content-Length nor a small gzip that inflates to gigabytes gets past the cap. Read once: as a
 * stream, or whole with read() (the crawler's path, without an extra stream stage).
 */
export class CappedBody {
  private used = false;
  private total = 0;
  private stages: Readable[] = [];

  constructor(
    private readonly raw: RawBody,
    private readonly contentEncoding: string | undefined,
    private readonly options: BodyOptions,
  ) {}

  /** The decoded bytes as a stream; errors arrive as the user's sentences. */
  stream(): Readable {
    const { tail, stages } = this.decode();
    const capped = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        const refusal = this.count(chunk);
        if (refusal) callback(refusal);
        else callback(null, chunk);
      },
    });
    tail.pipe(capped);
    // pipe() does not forward errors: each one reaches the reader in the user's words.
    for (const stage of stages) stage.on('error', (error) => capped.destroy(this.explain(error)));
    // The reader sees the error (streams keep it); without a listener until then it would crash the process.
    capped.on('error', () => {});
    capped.once('close', () => destroyAll(stages));
    stages.push(capped);
    return capped;
  }

  /** The whole decoded body. */
  async read(): Promise<Buffer> {
    const parts: Buffer[] = [];
    await this.consume((chunk) => parts.push(chunk));
    return Buffer.concat(parts);
  }

  /**
   * Hands each decoded chunk to `onChunk` as it arrives, and settles when the body has ended or
   * failed. Every listener it added is removed then: the stream outlives the read inside the
   * connection pool for a while, and a listener left on it would keep whatever `onChunk` holds (a
   * page's parser and text) alive with it, for the garbage collector to copy and promote.
   */
  consume(onChunk: (chunk: Buffer) => void): Promise<void> {
    const { tail, stages } = this.decode();
    return new Promise<void>((resolve, reject) => {
      const detach = () => {
        tail.off('data', onData);
        tail.off('end', onEnd);
        tail.off('close', onClose);
        for (const stage of stages) {
          stage.off('error', fail);
          // A stream with no error listener crashes the process if it ever errs again.
          stage.on('error', ignore);
        }
      };
      const settle = (error: unknown) => {
        detach();
        destroyAll(stages);
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      const fail = (error: unknown) => settle(this.explain(error));
      const onData = (chunk: Buffer) => {
        const refusal = this.count(chunk);
        if (refusal) {
          fail(refusal);
          return;
        }
        try {
          onChunk(chunk);
        } catch (error) {
          settle(error);
        }
      };
      const onEnd = () => {
        detach();
        resolve();
      };
      const onClose = () => {
        if (!tail.readableEnded) fail(new Error('The body was cancelled before it was read.'));
      };
      for (const stage of stages) stage.on('error', fail);
      tail.on('data', onData);
      tail.once('end', onEnd);
      tail.once('close', onClose);
    });
  }

  /** Drops an unread body; undici reads off a small rest (a redirect's page) so the connection stays usable. */
  async cancel(): Promise<void> {
    if (this.used) {
      destroyAll(this.stages);
      return;
    }
    this.used = true;
    if (this.raw.dump) await this.raw.dump().catch(() => {});
    if (!this.raw.destroyed) this.raw.destroy();
  }

  private decode(): { tail: Readable; stages: Readable[] } {
    if (this.used) throw new Error('The body has already been read.');
    this.used = true;
    const encodings = (this.contentEncoding ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token && token !== 'identity');
    const makers = encodings.map((token) => decoders.get(token)).filter((make) => make !== undefined);
    // Decoded only when every listed encoding is known: a partly decoded body would be garbage.
    const canDecode = this.options.decompress && encodings.length > 0 && makers.length === encodings.length;
    // Encodings apply in the order listed, so they come off in reverse.
    const decoding = canDecode ? makers.reverse().map((make) => make()) : [];
    const tail = decoding.reduce<Readable>((from, to) => from.pipe(to), this.raw);
    this.stages = [this.raw, ...decoding];
    return { tail, stages: this.stages };
  }

  private count(chunk: Buffer): FetchRefusedError | undefined {
    this.total += chunk.length;
    if (this.total > this.options.maxBytes) return tooLarge(this.options);
    if (this.options.expired()) return new FetchRefusedError('timeout', fetchMessages.timeout);
    return undefined;
  }

  private explain(error: unknown): Error {
    return (error instanceof FetchRefusedError ? error : this.options.explain(error)) as Error;
  }
}

const ignore = () => {};

function destroyAll(stages: Readable[]) {
  for (const stage of stages) if (!stage.destroyed) stage.destroy();
}

export function tooLarge(options: Pick<BodyOptions, 'maxBytes' | 'resource'>): FetchRefusedError {
  return new FetchRefusedError('too-large', fetchMessages.tooLarge(options.resource, formatSize(options.maxBytes)));
}

const MB = 1024 * 1024;

/** 20 MB, 1.5 MB, 64 KB: sizes as a person reads them. */
function formatSize(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
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
