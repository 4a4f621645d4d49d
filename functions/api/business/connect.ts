import { businessContracts } from '@shared/contracts/business';
import { COMPANY_COOKIE } from '@shared/constants';
import { config } from '../../core/config';
import { serializeCookie } from '../../core/http/cookies';
import { defineRoute, ok } from '../../core/http/route';
import { connectCompany, STATE_COOKIE } from '../../core/integrations/app-connect-state';
import { requireFlag } from '../../core/integrations/app-flags';
import { CONNECT_STATE_TTL_SECONDS } from '../../core/integrations/connect-state';
import { startGoogleConnect } from '../../core/integrations/google-connection';

export const businessCallbackUrl = () => `${config.appOrigin}/api/business/callback`;
/** As long as sign-in keeps the selected company. */
const COMPANY_COOKIE_SECONDS = 400 * 24 * 3600;

/** Spec 01 §4: the browser goes to Google's consent for the Business Profile scope. */
export const connect = defineRoute(businessContracts.connect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
    requireFlag('GoogleMyBusinessIntegration', 'Google My Business');
    const target = await connectCompany(query.inviteToken, user, companyId);
    const { url, state } = await startGoogleConnect({
      app: 'google-my-business',
      companyId: target.companyId,
      userId: user.id,
      callbackUrl: businessCallbackUrl(),
    });
    const cookies = [serializeCookie(STATE_COOKIE, state, { maxAgeSeconds: CONNECT_STATE_TTL_SECONDS })];
    if (target.switched) {
      cookies.unshift(
        serializeCookie(COMPANY_COOKIE, String(target.companyId), {
          httpOnly: false,
          maxAgeSeconds: COMPANY_COOKIE_SECONDS,
        }),
      );
    }
    return { ...ok({ url }), cookies };
  },
});
