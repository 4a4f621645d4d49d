import { businessContracts } from '@shared/contracts/business';
import { config } from '../../core/config';
import { defineRoute, ok } from '../../core/http/route';
import { requireFlag } from '../../core/integrations/app-flags';
import { startConnect } from '../../core/integrations/connect-start';
import { startGoogleConnect } from '../../core/integrations/google-connection';

export const businessCallbackUrl = () => `${config.appOrigin}/api/business/callback`;

/** Spec 01 §4: the browser goes to Google's consent for the Business Profile scope. */
export const connect = defineRoute(businessContracts.connect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
    requireFlag('GoogleMyBusinessIntegration', 'Google My Business');
    const { prepared, cookies } = await startConnect(query.inviteToken, user, companyId, (company) =>
      startGoogleConnect({
        app: 'google-my-business',
        companyId: company,
        userId: user.id,
        callbackUrl: businessCallbackUrl(),
      }),
    );
    return { ...ok({ url: prepared.url }), cookies };
  },
});
