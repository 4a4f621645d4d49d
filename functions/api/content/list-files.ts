import { contentContracts } from '@shared/contracts/content';
import { defineRoute, ok } from '../../core/http/route';
import { listMedia } from '../../core/media/media-store';

/** GET /api/content/files?query=: the selected company's library, searched on filename and description. */
export const listFiles = defineRoute(contentContracts.files, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await listMedia(companyId, query.query)),
});
