import { postImportContracts } from '@shared/contracts/post-import';
import { defineRoute, ok } from '../../core/http/route';
import * as importStore from '../../core/imports/import-store';

/** DELETE /api/imports/{id}: the import's unpublished posts go; another company's id is a 404. */
export const undoImport = defineRoute(postImportContracts.undo, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await importStore.undoImport(companyId, params.id)),
});
