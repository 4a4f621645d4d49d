import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { config } from '../config';
import { s3 } from './s3';

/**
 * Every object a company owns lives under its own prefix, so deleting a company's files is
 * one listing, not a lookup per entity.
 */
export const companyObjectPrefix = (companyId: number) => `companies/${companyId}/`;

export async function putCompanyObject(
  companyId: number,
  name: string,
  body: Uint8Array | string,
  contentType: string,
) {
  const key = `${companyObjectPrefix(companyId)}${name}`;
  await s3().send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: key, Body: body, ContentType: contentType }));
  return key;
}

async function* keysUnder(prefix: string) {
  let token: string | undefined;
  do {
    const out = await s3().send(
      new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: prefix, ContinuationToken: token }),
    );
    yield (out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes every object under the prefix, a thousand per request (S3's limit). */
export async function deleteObjectsUnder(prefix: string): Promise<number> {
  let deleted = 0;
  for await (const page of keysUnder(prefix)) {
    for (let i = 0; i < page.length; i += 1000) {
      const batch = page.slice(i, i + 1000);
      await s3().send(
        new DeleteObjectsCommand({
          Bucket: config.mediaBucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      deleted += batch.length;
    }
  }
  return deleted;
}

export async function countObjectsUnder(prefix: string): Promise<number> {
  let count = 0;
  for await (const page of keysUnder(prefix)) count += page.length;
  return count;
}
