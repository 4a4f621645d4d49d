import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../../config';
import { s3 } from '../../storage/s3';
import { auditPrefix } from '../audit-objects';

/**
 * Where an audit's downloads (report files, sitemaps) are written and how the browser gets them.
 * A 100,000-row report is tens of megabytes, far past the 6 MB a Lambda may answer, so the file
 * streams to the media bucket (multipart past 5 MB, a few parts in memory at a time) and the API
 * answers a presigned GET that saves it under its name.
 *
 * The key is the audit's folder plus a digest of what shaped the file (the options, the issues
 * ignored): the same request writes the same bytes to the same key, so a repeated or concurrent
 * request overwrites nothing another caller is fetching with something else, files do not pile
 * up past the few option sets people use, and the company's cascade removes them with the audit.
 */
const DOWNLOAD_URL_SECONDS = 5 * 60;

export const downloadFolder = (companyId: number, auditId: string, shapedBy: unknown) =>
  `${auditPrefix(companyId, auditId)}downloads/${createHash('sha256').update(JSON.stringify(shapedBy)).digest('hex').slice(0, 24)}/`;

/** Streams `body` to `key`; resolves once the object is whole in the bucket. */
export async function storeDownload(key: string, body: Readable | string, contentType: string): Promise<void> {
  await new Upload({
    client: s3(),
    params: { Bucket: config.mediaBucket, Key: key, Body: body, ContentType: contentType },
    // 5 MB parts (S3's least), two in flight: memory stays small whatever the file's size.
    partSize: 5 * 1024 * 1024,
    queueSize: 2,
  }).done();
}

/** A presigned GET that saves the object as `filename`, valid a few minutes. */
export function downloadUrl(key: string, filename: string): Promise<string> {
  const safeName = filename.replace(/[^\w.-]/g, '_');
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.mediaBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${safeName}"`,
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
}
