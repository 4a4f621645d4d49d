import { businessListingContracts } from '@shared/contracts/business-listing';
import { listCategories as read } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** Spec 01 §9: listing categories in English (languageCode en, regionCode US by default). */
export const listCategories = defineRoute(businessListingContracts.categories, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await read(companyId, query)),
});
