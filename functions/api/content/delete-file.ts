import { contentContracts } from '@shared/contracts/content';
import { defineRoute, noContent } from '../../core/http/route';
import { removeMedia } from '../../core/media/media-store';

/** DELETE /api/content/{id}: the item and its objects, unless a post uses the file. */
export const deleteFile = defineRoute(contentContracts.remove, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await removeMedia(companyId, params.id);
    return noContent();
  },
});
