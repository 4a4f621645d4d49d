import { lrpContracts } from '@shared/contracts/lrp';
import { DomainError, notFound } from '../../core/errors';
import { getJob } from '../../core/jobs/job-store';
import { isMember } from '../../core/membership';
import { accepted, defineRoute, ok } from '../../core/http/route';

/** GET /api/lrp/{uuid}: a long-running job's state, polled by the client. */
export const pollJob = defineRoute(lrpContracts.poll, {
  access: 'user',
  /**
   * 202 while running (with the step it is on), 404 when unknown (the client stops polling),
   * otherwise the result, or the job's error: a user error with its own status and message,
   * a crash as a 500 with the spec's sentence. A job of a company the caller is not a member
   * of is as unknown as a job that never existed.
   */
  handle: async ({ params, user }) => {
    const job = await getJob(params.uuid);
    if (!job || !(await isMember(job.companyId, user.id))) throw notFound();
    const { state } = job;
    if (state.status === 'running') return accepted({ status: 'running' as const, uuid: job.uuid, step: job.step });
    if (state.status === 'succeeded') return ok(state.result);
    const kind = state.error.kind === 'crashed' ? 'job-failed' : state.error.kind;
    throw new DomainError(kind, state.error.message, undefined, state.error.code);
  },
});
