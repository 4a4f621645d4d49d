import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { s3 } from './s3';

/** Presigned URLs live long enough for a slow upload, short enough not to be shared around. */
const UPLOAD_URL_SECONDS = 15 * 60;
const DOWNLOAD_URL_SECONDS = 60 * 60;

/** What the browser sends with a presigned upload; any other type or size is refused by S3 itself. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  /** To send exactly as given (the browser adds Content-Length from the body, which must match). */
  headers: { 'content-type': string };
}

export interface UploadSpec {
  /** The type the caller chose (e.g. from the file's extension), not the one the browser guesses. */
  contentType: string;
  /** The exact size in bytes of the body the browser will send. */
  contentLength: number;
}

/**
 * The browser uploads straight to the bucket: the API only signs. Content-Type and
 * Content-Length are signed headers of the URL (the presigner signs only Host by default), so
 * S3 refuses a PUT with another type or size: the declared upload is the upload.
 */
export async function presignUpload(key: string, spec: UploadSpec): Promise<UploadTarget> {
  if (!Number.isSafeInteger(spec.contentLength) || spec.contentLength < 0) {
    throw new Error(`contentLength must be a byte count, got ${spec.contentLength}`);
  }
  const url = await getSignedUrl(
    s3(),
    new PutObjectCommand({
      Bucket: config.mediaBucket,
      Key: key,
      ContentType: spec.contentType,
      ContentLength: spec.contentLength,
    }),
    { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return { url, method: 'PUT', headers: { 'content-type': spec.contentType } };
}

export async function presignDownload(key: string): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }), {
    expiresIn: DOWNLOAD_URL_SECONDS,
  });
}

/** Size and type of an uploaded object, or undefined when the upload never arrived. */
export async function describeObject(key: string): Promise<{ size: number; contentType?: string } | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') return undefined;
    throw error;
  }
}
