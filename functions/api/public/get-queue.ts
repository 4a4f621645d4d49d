import { publicApiContracts } from '@shared/contracts/public-api';
import { defineRoute, ok } from '../../core/http/route';
import { queueView } from '../../core/queue/queue-view';

/** GET /api/public/v1/queue: the queue page's view of what goes out next. */
export const getQueue = defineRoute(publicApiContracts.queue, {
  access: 'api-read',
  handle: async ({ companyId, query }) => ok(await queueView(companyId, query.zone)),
});
