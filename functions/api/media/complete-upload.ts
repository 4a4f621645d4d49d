import { mediaContracts } from '@shared/contracts/media';
import { defineRoute, ok } from '../../core/http/route';
import { completeUpload as complete } from '../../core/media/media-store';

/** POST /api/media/complete: the uploaded file joins the library once its bytes prove its type. */
export const completeUpload = defineRoute(mediaContracts.complete, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await complete(companyId, body.mediaID)),
});
