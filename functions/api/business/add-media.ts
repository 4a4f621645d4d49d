import { businessListingContracts } from '@shared/contracts/business-listing';
import { addListingMedia } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** Files of the company's media library only; Google fetches each from a signed link. */
export const addMedia = defineRoute(businessListingContracts.addMedia, {
  access: 'company',
  handle: async ({ companyId, params, body }) => ok(await addListingMedia(companyId, params.locationId, body.ids)),
});
