import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { messages } from '@shared/messages';
import type { MediaFile } from '@shared/schemas/media';
import { invalid } from '../errors';
import { table, tableName } from '../table/client';
import { isConditionFailed } from '../table/conditional';
import { keys } from '../table/keys';
import { readyMediaItems, toMediaFile } from './media-store';

/**
 * What posts (the calendar) need from the library: files that belong to the company, and the
 * record of which posts use which file, so a used file cannot be deleted.
 */

/** Every id must be a ready media file of this company (else a 422); answers them in the given order. */
export async function requireCompanyMedia(companyId: number, mediaIds: number[]): Promise<MediaFile[]> {
  const items = await readyMediaItems(companyId, mediaIds);
  const found = new Set(items.map((m) => m.id));
  if (mediaIds.some((id) => !found.has(id))) throw invalid(messages.mediaNotOfCompany);
  return Promise.all(items.map(toMediaFile));
}

/**
 * A post's files changed from `before` to `after`: it starts using the ids only in `after`
 * and stops using those only in `before`. Each file keeps the set of post ids using it (ADD
 * and DELETE on a number set are atomic), so two posts sharing a file count right and the
 * file stays "used" until the last one lets go.
 */
export async function setMediaUse(companyId: number, postId: number, before: number[], after: number[]): Promise<void> {
  const was = new Set(before);
  const now = new Set(after);
  const added = [...now].filter((id) => !was.has(id));
  const dropped = [...was].filter((id) => !now.has(id));
  await Promise.all([
    ...added.map(async (mediaId) => {
      try {
        await changeUse(companyId, mediaId, postId, 'ADD');
      } catch (error) {
        // The file is gone (or never was this company's): the post cannot use it.
        if (isConditionFailed(error)) throw invalid(messages.mediaNotOfCompany);
        throw error;
      }
    }),
    ...dropped.map(async (mediaId) => {
      try {
        await changeUse(companyId, mediaId, postId, 'DELETE');
      } catch (error) {
        // Already deleted: nothing uses it any more.
        if (!isConditionFailed(error)) throw error;
      }
    }),
  ]);
}

/**
 * The update that records (ADD) or drops (DELETE) one post's use of a file, on condition that
 * the file exists and is ready: an UpdateItem on a missing key would create one. Also a part of
 * the transaction that writes a post with new files (post-store's writePostWithFiles).
 */
export function mediaUseUpdate(companyId: number, mediaId: number, postId: number, action: 'ADD' | 'DELETE') {
  return {
    TableName: tableName(),
    Key: keys.media(companyId, mediaId),
    UpdateExpression: `${action} usedBy :post`,
    ConditionExpression: 'attribute_exists(pk) AND #status = :ready',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':post': new Set([postId]), ':ready': 'ready' },
  };
}

function changeUse(companyId: number, mediaId: number, postId: number, action: 'ADD' | 'DELETE') {
  return table().send(new UpdateCommand(mediaUseUpdate(companyId, mediaId, postId, action)));
}
