import { contentContracts } from '@shared/contracts/content';
import { created, defineRoute } from '../../core/http/route';
import { importMedia } from '../../core/media/media-import';

/** POST /api/content/import: a file from a web address, through the safe fetcher. */
export const importFile = defineRoute(contentContracts.import, {
  access: 'company',
  handle: async ({ companyId, body }) => created(await importMedia(companyId, body.url)),
});
