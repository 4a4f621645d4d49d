import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { jobRunningSchema } from '../schemas/lrp';

export const lrpContracts = {
  /**
   * 202 while running; a finished job answers 200 with its result, which the caller parses
   * with its job kind's result schema; a failed job answers its error status and message.
   */
  poll: defineContract({
    method: 'GET',
    path: '/api/lrp/{uuid}',
    summary: 'Poll a long-running job: 202 running, 200 result, 4xx its user error, 500 a crash, 404 unknown',
    params: z.object({ uuid: z.string().check(z.maxLength(64)) }),
    responses: { 200: z.unknown(), 202: jobRunningSchema },
  }),
};
