import { businessListingContracts } from '@shared/contracts/business-listing';
import { placePredictions } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** The browser debounces (500 ms, spec 01 §9); each call is one Places autocomplete. */
export const placeAutocomplete = defineRoute(businessListingContracts.places, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await placePredictions(companyId, query.q)),
});
