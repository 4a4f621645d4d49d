import { defineGrants } from '../../core/grants';

/**
 * Uploads: the pending item and the media counter; signing PUTs under companies/ (the key names
 * the company), reading an upload's bytes, writing thumbnails, dropping the pending tag
 * (write), deleting a file whose bytes lie.
 */
export const grants = defineGrants({
  table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
  media: { read: true, write: true, delete: true, tag: true, prefix: 'companies/' },
});
