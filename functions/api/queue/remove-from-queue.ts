import { queueContracts } from '@shared/contracts/queue';
import { toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';
import * as placement from '../../core/queue/queue-placement';

/** DELETE /api/queue/{id}: the post back to draft, its slot free. */
export const removeFromQueue = defineRoute(queueContracts.remove, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(toApiPost(await placement.removeFromQueue(companyId, params.id))),
});
