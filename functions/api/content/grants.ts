import { defineGrants, TABLE_READ } from '../../core/grants';

/**
 * The library: listing, renaming and deleting items (a conditional delete while unused);
 * generated images and imports are written whole (object, thumbnails, item); presigned GETs
 * are signed with read. AI images read the OpenAI key.
 */
export const grants = defineGrants({
  table: [...TABLE_READ, 'PutItem', 'UpdateItem', 'DeleteItem'],
  media: { read: true, write: true, delete: true, prefix: 'companies/' },
  secrets: ['openai'],
});
