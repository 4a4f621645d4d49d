import { feedContracts } from '@shared/contracts/feeds';
import { removeFeed } from '../../core/feeds/feed-store';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/feeds/{id}: another company's feed is a 404. */
export const removeFeedRoute = defineRoute(feedContracts.remove, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await removeFeed(companyId, params.id);
    return noContent();
  },
});
