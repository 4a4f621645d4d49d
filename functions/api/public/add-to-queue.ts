import { publicApiContracts } from '@shared/contracts/public-api';
import { toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';
import * as placement from '../../core/queue/queue-placement';

/** POST /api/public/v1/queue: the app's Add to queue, as the key's maker. */
export const addToQueue = defineRoute(publicApiContracts.addToQueue, {
  access: 'api-write',
  handle: async ({ companyId, memberId, body }) =>
    ok((await placement.addToQueue(companyId, body.postIds, memberId, body.zone)).map(toApiPost)),
});
