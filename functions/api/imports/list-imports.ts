import { postImportContracts } from '@shared/contracts/post-import';
import { defineRoute, ok } from '../../core/http/route';
import * as importStore from '../../core/imports/import-store';

/** GET /api/imports: the company's imports, newest first. */
export const listImports = defineRoute(postImportContracts.list, {
  access: 'company',
  handle: async ({ companyId }) => ok(await importStore.listImports(companyId)),
});
