import { queueContracts } from '@shared/contracts/queue';
import { toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';
import * as placement from '../../core/queue/queue-placement';

/** POST /api/queue/reorder: one platform's queued posts swap slots into the order given. */
export const reorderQueue = defineRoute(queueContracts.reorder, {
  access: 'company',
  handle: async ({ companyId, body }) =>
    ok((await placement.reorderQueue(companyId, body.platform, body.postIds)).map(toApiPost)),
});
