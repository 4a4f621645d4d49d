import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { chooseProfile } from '../../core/integrations/connection-store';
import { armFirstCollection } from '../../core/reports/metrics-schedule';

export const profile = defineRoute(integrationsContracts.profile, {
  access: 'company',
  // The page's figures from now on: the collection that ran before the choice had no page to read.
  handle: async ({ params, body, companyId }) =>
    ok(await chooseProfile(companyId, params.platform, body.id, armFirstCollection)),
});
