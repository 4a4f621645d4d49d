import { businessListingContracts } from '@shared/contracts/business-listing';
import { deleteListingMedia } from '../../core/business/business-listing';
import { defineRoute, noContent } from '../../core/http/route';

export const deleteMedia = defineRoute(businessListingContracts.deleteMedia, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await deleteListingMedia(companyId, params.locationId, params.mediaId);
    return noContent();
  },
});
