import { businessListingContracts } from '@shared/contracts/business-listing';
import { batchCategories as read } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

export const batchCategories = defineRoute(businessListingContracts.categoriesBatch, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await read(companyId, query)),
});
