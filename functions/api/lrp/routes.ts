import { z } from 'zod';
import { getJob } from '../../core/jobs/job-store';
import { notFound } from '../../core/http/errors';
import { isMember } from '../../core/membership';
import { defineRoute } from '../../core/http/route';

export const routes = [
  defineRoute({
    method: 'GET',
    path: '/api/lrp/{uuid}',
    access: 'user',
    params: z.object({ uuid: z.string().max(64) }),
    /**
     * 202 while running, 404 when unknown (the client stops polling), otherwise the result,
     * or the job's error with its own status. A job of a company the caller is not a member
     * of is as unknown as a job that never existed.
     */
    handle: async ({ params, user }) => {
      const job = await getJob(params.uuid);
      if (!job || !(await isMember(job.companyId, user.id))) throw notFound();
      if (job.state.status === 'running') return { status: 202, body: { status: 'running', uuid: job.uuid } };
      if (job.state.status === 'failed') return { status: job.state.error.statusCode, body: { message: job.state.error.message } };
      return { status: 200, body: job.state.result };
    },
  }),
];
