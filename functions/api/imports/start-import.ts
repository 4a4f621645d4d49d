import { postImportContracts } from '@shared/contracts/post-import';
import { jobStartRoute } from '../../core/http/job-start-route';
import { postsImportJob } from '../../core/imports/import-job';
import { prepareImport } from '../../core/imports/import-store';

/** POST /api/imports: every row checked and the import recorded before its job starts. */
export const startImportRoute = jobStartRoute(postImportContracts.start, postsImportJob, ({ companyId, user, body }) =>
  prepareImport(companyId, user.id, body),
);
