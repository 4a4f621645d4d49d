import { postImportContracts } from '@shared/contracts/post-import';
import { ok, defineRoute } from '../../core/http/route';
import * as importCheck from '../../core/imports/import-check';

/** POST /api/imports/check: the per-row report the import page shows before the user confirms. */
export const checkImport = defineRoute(postImportContracts.check, {
  access: 'company',
  handle: async ({ companyId, body }) => ok((await importCheck.checkImport(companyId, body)).report),
});
