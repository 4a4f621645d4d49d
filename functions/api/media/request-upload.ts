import { mediaContracts } from '@shared/contracts/media';
import { defineRoute, ok } from '../../core/http/route';
import { requestUploads } from '../../core/media/media-store';

/** POST /api/media/upload: one signed PUT per announced file, under the selected company's prefix. */
export const requestUpload = defineRoute(mediaContracts.upload, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await requestUploads(companyId, body)),
});
