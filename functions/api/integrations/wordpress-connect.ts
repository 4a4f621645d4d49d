import { wordpressContracts } from '@shared/contracts/integrations';
import { config } from '../../core/config';
import { defineRoute, ok } from '../../core/http/route';
import { connectCompany } from '../../core/integrations/app-connect-state';
import { startWordPressConnect } from '../../core/integrations/wordpress-connection';
import { connectCookies } from './app-cookies';

export const wordpressCallbackUrl = () => `${config.appOrigin}/api/integrations/wordpress/callback`;

/**
 * Spec 01 §5 and 02 §7: the site (root address, checked by the shared rule) is read through
 * the safe fetcher; the answer is the site's authorize-application page or WordPress.com's
 * consent page, for the browser to go to.
 */
export const wordpressConnect = defineRoute(wordpressContracts.connect, {
  access: 'company',
  handle: async ({ body, user, companyId }) => {
    const target = await connectCompany(body.inviteToken, user, companyId);
    const { url, state } = await startWordPressConnect({
      site: body.website,
      companyId: target.companyId,
      userId: user.id,
      callbackUrl: wordpressCallbackUrl(),
    });
    return { ...ok({ url }), cookies: connectCookies(state, target.switched ? target.companyId : undefined) };
  },
});
