import { messages } from '@shared/messages';
import type { MediaFile } from '@shared/schemas/media';
import { invalid } from '../errors';
import type { Patch } from '../table/entity';
import { keys } from '../table/keys';
import { mediaItems, type MediaItem } from './media-entity';
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
      // The file is gone (or never was this company's): the post cannot use it.
      if (!(await mediaItems.change(keys.media(companyId, mediaId), mediaUse(postId, 'ADD'))))
        throw invalid(messages.mediaNotOfCompany);
    }),
    // A file already deleted: nothing uses it any more.
    ...dropped.map((mediaId) => mediaItems.change(keys.media(companyId, mediaId), mediaUse(postId, 'DELETE'))),
  ]);
}

/**
 * The patch that records (ADD) or drops (DELETE) one post's use of a file, on condition that
 * the file exists and is ready: an UpdateItem on a missing key would create one.
 */
function mediaUse(postId: number, action: 'ADD' | 'DELETE'): Patch<MediaItem> {
  const post = { usedBy: new Set([postId]) };
  return {
    ...(action === 'ADD' ? { add: post } : { delete: post }),
    ifExists: true,
    when: { expression: '#status = :ready', names: { '#status': 'status' }, values: { ':ready': 'ready' } },
  };
}

/**
 * A post's new use of a file as a part of the transaction that writes the post with it
 * (post-store's writePostWithFiles): the transaction fails when the file is gone.
 */
export const mediaUseAdded = (companyId: number, mediaId: number, postId: number) =>
  mediaItems.tx.patch(keys.media(companyId, mediaId), mediaUse(postId, 'ADD'));
