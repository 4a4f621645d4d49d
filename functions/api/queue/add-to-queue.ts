import { queueContracts } from '@shared/contracts/queue';
import { toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';
import * as placement from '../../core/queue/queue-placement';

/** POST /api/queue: a post group into the next free slot of each of its platforms. */
export const addToQueue = defineRoute(queueContracts.add, {
  access: 'company',
  handle: async ({ companyId, memberId, body }) =>
    ok((await placement.addToQueue(companyId, body.postIds, memberId, body.zone)).map(toApiPost)),
});
