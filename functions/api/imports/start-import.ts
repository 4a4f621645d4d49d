import { postImportContracts } from '@shared/contracts/post-import';
import { accepted, defineRoute } from '../../core/http/route';
import { postsImportJob } from '../../core/imports/import-job';
import { prepareImport } from '../../core/imports/import-store';
import { startJob } from '../../core/jobs/job-store';

/**
 * POST /api/imports: every row checked and the import recorded before its job starts. The same
 * file while a live job imports it (one the work sweeper resumed after a restart, say) answers
 * that job, so the caller follows the work already under way rather than a 409.
 */
export const startImport = defineRoute(postImportContracts.start, {
  access: 'company',
  handle: async ({ companyId, user, body }) => {
    const prepared = await prepareImport(companyId, user.id, body);
    if (prepared.runningJob) return accepted({ status: 'running' as const, uuid: prepared.runningJob });
    return accepted(await startJob(postsImportJob, { importId: prepared.importId }, { companyId, userId: user.id }));
  },
});
