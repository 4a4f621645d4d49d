import { messages } from '@shared/messages';
import {
  extensionOf,
  isSupportedExtension,
  MAX_UPLOAD_BYTES,
  MEDIA_EXTENSIONS,
  type MediaExtension,
  type MediaFile,
} from '@shared/schemas/media';
import { conflict, invalid, notFound } from '../errors';
import { nextId, reserveIds } from '../table/counter';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { contentMatchesExtension, SNIFF_BYTES } from './file-type';
import { mediaItems, type MediaItem } from './media-entity';
import {
  deleteMediaObjects,
  newMediaFolder,
  presignMediaDownload,
  presignMediaUpload,
  readMediaObject,
  stagingKeyOf,
  writeMediaObject,
} from './media-objects';
import { ImageTooLargeError, imageRenditions, UnreadableImageError, videoRenditions } from './renditions';

/** A pending upload (its item and, through the bucket's lifecycle rule, its staged object) lives a day. */
const PENDING_TTL_SECONDS = 24 * 3600;
const MEDIA_COUNTER = 'media';

/** What the API answers for an item: its addresses signed for a short while. */
export async function toMediaFile(item: MediaItem): Promise<MediaFile> {
  // Most files are their own full size: each distinct object is signed once.
  const signed = new Map<string, Promise<string>>();
  const sign = (key: string) => {
    let url = signed.get(key);
    if (!url) signed.set(key, (url = presignMediaDownload(key)));
    return url;
  };
  const [url, thumb256, full] = await Promise.all([
    sign(item.objectKey),
    sign(item.thumb256Key ?? item.objectKey),
    sign(item.thumbFullKey ?? item.objectKey),
  ]);
  return {
    id: item.id,
    type: item.mediaType,
    filename: item.filename,
    description: item.description,
    extension: item.extension,
    url,
    thumbnails: { '256': thumb256, full },
    isUsed: (item.usedBy?.size ?? 0) > 0,
  };
}

const extensionInfo = (filename: string) => {
  const ext = extensionOf(filename);
  if (!isSupportedExtension(ext)) throw invalid(messages.unsupportedFileType);
  return { ext, ...MEDIA_EXTENSIONS[ext] };
};

/**
 * POST /api/media/upload: one pending item and one signed PUT per file. The Content-Type comes
 * from the extension, never from the browser, and it and the size are part of the signature.
 * The PUT goes to the file's staging key, never to its library object (see completeUpload).
 */
export async function requestUploads(companyId: number, files: { filename: string; size: number }[]) {
  // Every file is checked before anything is written: a refused batch leaves nothing behind.
  const checked = files.map((file) => {
    if (file.size > MAX_UPLOAD_BYTES) throw invalid(messages.fileTooLarge);
    return { ...file, ...extensionInfo(file.filename) };
  });
  // One counter call and one batch write for the whole batch, not two calls a file.
  const firstId = await reserveIds(MEDIA_COUNTER, checked.length);
  const createdAt = new Date().toISOString();
  const ttl = Math.floor(Date.now() / 1000) + PENDING_TTL_SECONDS;
  const items = checked.map((file, i): MediaItem => {
    const id = firstId + i;
    return {
      id,
      companyId,
      status: 'pending',
      mediaType: file.type,
      filename: file.filename,
      description: '',
      extension: file.ext,
      contentType: file.contentType,
      size: file.size,
      objectKey: `${newMediaFolder(companyId, id)}.${file.ext}`,
      createdAt,
      ttl,
    };
  });
  await mediaItems.putAll(items);
  return Promise.all(
    items.map(async (item) => ({
      mediaID: item.id,
      ...(await presignMediaUpload(stagingKeyOf(item.objectKey), item.contentType, item.size)),
    })),
  );
}

/**
 * POST /api/media/complete: the staged bytes must be what the extension says (else the staged
 * object and the item go: nothing of a lying file is kept), then the library object and the
 * thumbnails are written from them, then the item is ready and the staged object goes. The
 * library object is written by the server only, so the upload link, which may still be valid,
 * can never change a completed file. Completing twice is a 409: the condition on `pending` makes
 * the second one lose.
 */
export async function completeUpload(companyId: number, mediaId: number): Promise<MediaFile> {
  const item = await mediaItems.get(keys.media(companyId, mediaId), { consistent: true });
  if (!item) throw notFound(messages.mediaNotFound);
  if (item.status === 'ready') throw conflict(messages.uploadAlreadyCompleted);
  const ext = item.extension as MediaExtension;
  const stagingKey = stagingKeyOf(item.objectKey);
  // Read whole (20 MB at most): the library object is written from exactly the bytes checked.
  const bytes = await readMediaObject(stagingKey);
  if (!bytes) throw invalid(messages.uploadNotReceived);
  const ready = await processFile(item, ext, bytes, stagingKey);
  const completed = await mediaItems.change(keys.media(companyId, mediaId), {
    set: {
      status: 'ready',
      objectKey: ready.objectKey,
      thumb256Key: ready.thumb256Key,
      thumbFullKey: ready.thumbFullKey,
    },
    remove: ['ttl'],
    when: { expression: '#status = :pending', names: { '#status': 'status' }, values: { ':pending': 'pending' } },
  });
  if (!completed) throw conflict(messages.uploadAlreadyCompleted);
  // The file is the library's now; a staged object left behind (a failed delete) expires in AWS.
  await deleteMediaObjects([stagingKey]).catch(() => undefined);
  return toMediaFile(ready);
}

/**
 * Checks the bytes against the extension and writes the library object and its renditions from
 * them (an image's upright, metadata-free copy when it needs one). A file whose bytes lie is
 * removed with its item (and its staged upload) and refused with the spec's sentence; so is an
 * image over the pixel limit, with its own sentence.
 */
async function processFile(
  item: MediaItem,
  ext: MediaExtension,
  bytes: Buffer,
  stagingKey?: string,
): Promise<MediaItem & { thumb256Key: string; thumbFullKey: string }> {
  const refuse = async (message: string = messages.unsupportedFileType) => {
    if (stagingKey) await deleteMediaObjects([stagingKey]);
    await mediaItems.delete(keys.media(item.companyId, item.id));
    return invalid(message);
  };
  if (!contentMatchesExtension(bytes.subarray(0, SNIFF_BYTES), ext)) throw await refuse();
  let renditions;
  try {
    renditions = item.mediaType === 'image' ? await imageRenditions(bytes, ext) : await videoRenditions(bytes, ext);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw await refuse();
    // Refused from its header, before decoding: a small file can declare a huge image.
    if (error instanceof ImageTooLargeError) throw await refuse(messages.imageTooLarge);
    throw error;
  }
  const objectKey = item.objectKey;
  const base = objectKey.slice(0, objectKey.lastIndexOf('.'));
  const thumb256Key = `${base}-256.${renditions.thumb256.contentType === 'image/webp' ? 'webp' : 'jpg'}`;
  const writes = [writeMediaObject(thumb256Key, renditions.thumb256.body, renditions.thumb256.contentType)];
  let thumbFullKey = objectKey;
  if (item.mediaType === 'image') {
    // The upload carried metadata or a rotation: the cleaned copy is the file itself.
    const full = renditions.full ?? { body: bytes, contentType: item.contentType };
    writes.push(writeMediaObject(objectKey, full.body, full.contentType));
  } else {
    if (renditions.full) {
      thumbFullKey = `${base}-poster.jpg`;
      writes.push(writeMediaObject(thumbFullKey, renditions.full.body, renditions.full.contentType));
    }
    writes.push(writeMediaObject(objectKey, bytes, item.contentType));
  }
  await Promise.all(writes);
  return { ...item, objectKey, thumb256Key, thumbFullKey };
}

/**
 * Generated images and imports: bytes the server already holds, checked and stored exactly
 * like an upload, then added to the library ready.
 */
export async function addMediaFromBytes(
  companyId: number,
  file: { filename: string; description: string; bytes: Buffer },
): Promise<MediaFile> {
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw invalid(messages.fileTooLarge);
  const { ext, type, contentType } = extensionInfo(file.filename);
  const id = await nextId(MEDIA_COUNTER);
  const item: MediaItem = {
    id,
    companyId,
    status: 'ready',
    mediaType: type,
    filename: file.filename,
    description: file.description,
    extension: ext,
    contentType,
    size: file.bytes.length,
    objectKey: `${newMediaFolder(companyId, id)}.${ext}`,
    createdAt: new Date().toISOString(),
  };
  const ready = await processFile(item, ext, file.bytes);
  await mediaItems.put(ready);
  return toMediaFile(ready);
}

/** The company's ready files, newest first. */
async function readyItems(companyId: number): Promise<MediaItem[]> {
  const all = await mediaItems.queryPartition(partition.company(companyId), companyItemPrefix.media);
  return all.filter((m) => m.status === 'ready').sort((a, b) => b.id - a.id);
}

/** Spec 01 §5: the search text is lower-cased and trimmed; it matches filename or description. */
export async function listMedia(companyId: number, query?: string): Promise<MediaFile[]> {
  const needle = query?.trim().toLowerCase() ?? '';
  const items = await readyItems(companyId);
  const matching = needle
    ? items.filter((m) => m.filename.toLowerCase().includes(needle) || m.description.toLowerCase().includes(needle))
    : items;
  return Promise.all(matching.map(toMediaFile));
}

/** The company's ready items with these ids, in the order given; others (and other companies') are left out. */
export async function readyMediaItems(companyId: number, ids: number[]): Promise<MediaItem[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await mediaItems.batchGet(unique.map((id) => keys.media(companyId, id)));
  const byId = new Map(found.filter((m) => m.status === 'ready').map((m) => [m.id, m]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}

export async function batchMedia(companyId: number, ids: number[]): Promise<MediaFile[]> {
  return Promise.all((await readyMediaItems(companyId, ids)).map(toMediaFile));
}

async function readyItem(companyId: number, mediaId: number): Promise<MediaItem> {
  const item = await mediaItems.get(keys.media(companyId, mediaId), { consistent: true });
  if (!item || item.status !== 'ready') throw notFound(messages.mediaNotFound);
  return item;
}

/** PATCH /api/content/{id}: only the fields sent change. */
export async function updateMedia(
  companyId: number,
  mediaId: number,
  fields: { filename?: string; description?: string },
): Promise<MediaFile> {
  await readyItem(companyId, mediaId);
  const updated = await mediaItems.update(keys.media(companyId, mediaId), fields);
  if (!updated) throw notFound(messages.mediaNotFound);
  return toMediaFile(updated);
}

/**
 * DELETE /api/content/{id}: refused while a post uses the file. The condition is on the item
 * itself (`usedBy` absent), so a post picking the file at the same moment cannot be lost.
 */
export async function removeMedia(companyId: number, mediaId: number): Promise<void> {
  const item = await readyItem(companyId, mediaId);
  const deleted = await mediaItems.deleteWhen(keys.media(companyId, mediaId), {
    expression: 'attribute_exists(pk) AND attribute_not_exists(usedBy)',
  });
  if (!deleted) throw conflict(messages.mediaInUse);
  const objects = new Set([item.objectKey, item.thumb256Key, item.thumbFullKey].filter((k): k is string => !!k));
  await deleteMediaObjects([...objects]);
}
