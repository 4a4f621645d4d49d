import { contentContracts } from '@shared/contracts/content';
import { defineRoute, ok } from '../../core/http/route';
import { updateMedia } from '../../core/media/media-store';

/** PATCH /api/content/{id}: filename and description. */
export const updateFile = defineRoute(contentContracts.update, {
  access: 'company',
  handle: async ({ companyId, params, body }) => ok(await updateMedia(companyId, params.id, body)),
});
