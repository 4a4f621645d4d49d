import { feedContracts } from '@shared/contracts/feeds';
import { addFeed } from '../../core/feeds/feed-store';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/feeds: the address read once through the safe fetcher before it is followed. */
export const addFeedRoute = defineRoute(feedContracts.add, {
  access: 'company',
  handle: async ({ companyId, user, body }) => created(await addFeed(companyId, user.id, body)),
});
