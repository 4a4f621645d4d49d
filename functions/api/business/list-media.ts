import { businessListingContracts } from '@shared/contracts/business-listing';
import { listListingMedia } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

export const listMedia = defineRoute(businessListingContracts.media, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await listListingMedia(companyId, params.locationId)),
});
