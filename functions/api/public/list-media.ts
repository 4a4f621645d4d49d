import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import * as mediaStore from '../../core/media/media-store';

/** GET /api/public/v1/media: the library (ids to attach to posts, signed links to the files). */
export const listMedia = defineRoute(publicApiContracts.listMedia, {
  access: 'api-read',
  handle: async ({ companyId, query }) => ok(await mediaStore.listMedia(companyId, query.query)),
});
