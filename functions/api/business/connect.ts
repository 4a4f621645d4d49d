import { businessContracts } from '@shared/contracts/business';
import { defineRoute, ok } from '../../core/http/route';
import { requireFlag } from '../../core/integrations/app-flags';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { startConnect } from '../connect-start';
import { startGoogleConnect } from '../../core/integrations/google-connection';

/** Spec 01 §4: the browser goes to Google's consent for the Business Profile scope. */
export const connect = defineRoute(businessContracts.connect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
    requireFlag('GoogleMyBusinessIntegration', 'Google My Business');
    const { prepared, cookies } = await startConnect(query.inviteToken, user, companyId, (company) =>
      startGoogleConnect({
        platform: 'google-my-business',
        companyId: company,
        userId: user.id,
        callbackUrl: callbackUrl('google-my-business'),
      }),
    );
    return { ...ok({ url: prepared.url }), cookies };
  },
});
