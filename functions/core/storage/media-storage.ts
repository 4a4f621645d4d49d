import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';
import { s3 } from './s3';

/** Presigned URLs live long enough for a slow upload, short enough not to be shared around. */
const UPLOAD_URL_SECONDS = 15 * 60;
const DOWNLOAD_URL_SECONDS = 60 * 60;

/**
 * The browser uploads straight to the bucket: the API only signs. Content type and inline
 * disposition are part of the signature, so the upload must send exactly these headers.
 */
export async function presignUpload(key: string, contentType: string, filename: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new PutObjectCommand({
      Bucket: config.mediaBucket,
      Key: key,
      ContentType: contentType,
      ContentDisposition: `inline; filename="${filename.replace(/["\\\r\n]/g, '_')}"`,
    }),
    { expiresIn: UPLOAD_URL_SECONDS },
  );
}

export async function presignDownload(key: string): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }), { expiresIn: DOWNLOAD_URL_SECONDS });
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
