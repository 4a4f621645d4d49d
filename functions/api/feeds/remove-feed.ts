import { feedContracts } from '@shared/contracts/feeds';
import * as feedStore from '../../core/feeds/feed-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/feeds/{id}: another company's feed is a 404. */
export const removeFeed = defineRoute(feedContracts.remove, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await feedStore.removeFeed(companyId, params.id);
    return noContent();
  },
});
