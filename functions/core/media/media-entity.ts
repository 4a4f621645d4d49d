import { z } from 'zod';
import { MEDIA_TYPES } from '@shared/schemas/media';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * A media file of a company. `pending` from the upload request until the upload is confirmed
 * (it then carries a TTL, so an upload never completed disappears); `ready` once its real type
 * was checked and its thumbnails made. `usedBy` is the set of post ids using it (a DynamoDB
 * number set changed only by ADD/DELETE, so two posts sharing a file count right); DynamoDB
 * drops the attribute when the last post lets go, which is what "not used" means.
 */
const mediaItemSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  status: z.enum(['pending', 'ready']),
  /** image or video (`type` is the table's own attribute: what kind of item this is). */
  mediaType: z.enum(MEDIA_TYPES),
  filename: z.string(),
  description: z.string(),
  extension: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** The file itself (url): the upload, or its cleaned copy when the upload carried metadata. */
  objectKey: z.string(),
  /** The 256 px rendition and the full-size one (for a video: its poster or tile). */
  thumb256Key: z.string().optional(),
  thumbFullKey: z.string().optional(),
  createdAt: z.string(),
  usedBy: z.set(z.number()).optional(),
  ttl: z.number().optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaItems = defineEntity({
  type: 'media',
  schema: mediaItemSchema,
  key: (m) => keys.media(m.companyId, m.id),
});
