import { feedContracts } from '@shared/contracts/feeds';
import * as feedStore from '../../core/feeds/feed-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/feeds: the company's feeds and their last read. */
export const listFeeds = defineRoute(feedContracts.list, {
  access: 'company',
  handle: async ({ companyId }) => ok(await feedStore.listFeeds(companyId)),
});
