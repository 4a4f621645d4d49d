import { contentContracts } from '@shared/contracts/content';
import { defineRoute, ok } from '../../core/http/route';
import { batchMedia } from '../../core/media/media-store';

/** POST /api/content/files/batch: the files with these ids; another company's ids are simply not there. */
export const batchFiles = defineRoute(contentContracts.batch, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await batchMedia(companyId, body.ids)),
});
