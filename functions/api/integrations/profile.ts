import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { chooseProfile } from '../../core/integrations/connection-store';

export const profile = defineRoute(integrationsContracts.profile, {
  access: 'company',
  handle: async ({ params, body, companyId }) => ok(await chooseProfile(companyId, params.platform, body.id)),
});
