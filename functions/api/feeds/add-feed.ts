import { feedContracts } from '@shared/contracts/feeds';
import * as feedStore from '../../core/feeds/feed-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/feeds: the address read once through the safe fetcher before it is followed. */
export const addFeed = defineRoute(feedContracts.add, {
  access: 'company',
  handle: async ({ companyId, user, body }) => created(await feedStore.addFeed(companyId, user.id, body)),
});
