import { checkImportRoute } from './check-import';
import { listImportsRoute } from './list-imports';
import { startImportRoute } from './start-import';
import { undoImportRoute } from './undo-import';

export const routes = [checkImportRoute, startImportRoute, listImportsRoute, undoImportRoute];
