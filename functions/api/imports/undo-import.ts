import { postImportContracts } from '@shared/contracts/post-import';
import { defineRoute, ok } from '../../core/http/route';
import { undoImport } from '../../core/imports/import-store';

/** DELETE /api/imports/{id}: the import's unpublished posts go; another company's id is a 404. */
export const undoImportRoute = defineRoute(postImportContracts.undo, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await undoImport(companyId, params.id)),
});
