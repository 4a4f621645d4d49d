import { checkImport } from './check-import';
import { listImports } from './list-imports';
import { startImport } from './start-import';
import { undoImport } from './undo-import';

export const routes = [checkImport, startImport, listImports, undoImport];
