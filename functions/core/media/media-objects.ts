import { randomBytes } from 'node:crypto';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { companyObjectPrefix } from '../storage/company-objects';
import { isMissingObject, s3 } from '../storage/s3';

/** A presigned PUT stays usable this long: enough for 20 MB on a slow line, not for sharing. */
const UPLOAD_URL_SECONDS = 15 * 60;
/**
 * Presigned GETs are signed for a time window rather than per request, so the same file has
 * the same address for a while and the browser's cache works; each is valid 10 to 20 minutes.
 */
const DOWNLOAD_WINDOW_SECONDS = 10 * 60;

/**
 * Browsers upload here, never to the library: an upload link (valid 15 minutes, and usable again
 * within them) can only ever write a staging object. Completion checks the staged bytes and
 * writes the library's own object from them, then drops the staged one. In AWS a lifecycle rule
 * expires whatever is left under this prefix after a day (uploads never completed, a link used
 * again), with the pending item's TTL.
 */
export const STAGING_PREFIX = 'staging/';

/** Where the browser uploads the file whose library object will be `objectKey`. */
export const stagingKeyOf = (objectKey: string) => `${STAGING_PREFIX}${objectKey}`;

/**
 * Where a media file's objects live: under its company's prefix (the cascade removes them with
 * the company) and a random folder, so knowing a company id and a media id is not enough to
 * guess an address.
 */
export function newMediaFolder(companyId: number, mediaId: number): string {
  return `${companyObjectPrefix(companyId)}media/${randomBytes(16).toString('hex')}/${mediaId}`;
}

/** The signed PUT (to a staging key) and the headers the browser must send with it, byte for byte. */
export async function presignMediaUpload(key: string, contentType: string, size: number) {
  if (!key.startsWith(STAGING_PREFIX)) throw new Error(`uploads go to ${STAGING_PREFIX}, not ${key}`);
  const command = new PutObjectCommand({
    Bucket: config.mediaBucket,
    Key: key,
    ContentType: contentType,
    ContentLength: size,
    ContentDisposition: 'inline',
  });
  const url = await getSignedUrl(s3(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length', 'content-disposition']),
  });
  return { url, headers: { 'content-type': contentType, 'content-disposition': 'inline' } };
}

export function presignMediaDownload(key: string): Promise<string> {
  const windowStart = Math.floor(Date.now() / 1000 / DOWNLOAD_WINDOW_SECONDS) * DOWNLOAD_WINDOW_SECONDS;
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }), {
    signingDate: new Date(windowStart * 1000),
    expiresIn: 2 * DOWNLOAD_WINDOW_SECONDS,
  });
}

/** The object's bytes (the first `maxBytes` only when given), or undefined when it never arrived. */
export async function readMediaObject(key: string, maxBytes?: number): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(
      new GetObjectCommand({
        Bucket: config.mediaBucket,
        Key: key,
        ...(maxBytes ? { Range: `bytes=0-${maxBytes - 1}` } : {}),
      }),
    );
    if (!out.Body) return Buffer.alloc(0);
    return Buffer.from(await out.Body.transformToByteArray());
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

export async function writeMediaObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config.mediaBucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentDisposition: 'inline',
    }),
  );
}

export async function deleteMediaObjects(keyList: string[]): Promise<void> {
  if (!keyList.length) return;
  await s3().send(
    new DeleteObjectsCommand({
      Bucket: config.mediaBucket,
      Delete: { Objects: keyList.map((Key) => ({ Key })), Quiet: true },
    }),
  );
}
