import { defineGrants } from '../../core/grants';

/**
 * Uploads: the pending item and the media counter. Under staging/, where the browser uploads:
 * signing those PUTs (write), reading the staged bytes back, deleting them once the file is the
 * library's or refused. Under companies/ (the key names the company): writing the library object
 * and its thumbnails, and reading them (the answer's presigned GETs). Nothing under companies/ is
 * deleted or signed for upload here.
 */
export const grants = defineGrants({
  table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
  media: [
    { read: true, write: true, delete: true, prefix: 'staging/' },
    { read: true, write: true, prefix: 'companies/' },
  ],
});
