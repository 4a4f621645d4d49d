import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { startConnect } from '../connect-start';
import { startWordPressConnect } from '../../core/integrations/wordpress-connection';

/**
 * Spec 01 §5 and 02 §7: the site (root address, checked by the shared rule) is read through
 * the safe fetcher; the answer is the site's authorize-application page or WordPress.com's
 * consent page, for the browser to go to.
 */
export const wordpressConnect = defineRoute(wordpressContracts.connect, {
  access: 'company',
  handle: async ({ body, user, companyId }) => {
    const { prepared, cookies } = await startConnect(body.inviteToken, user, companyId, (company) =>
      startWordPressConnect({
        site: body.website,
        companyId: company,
        userId: user.id,
        callbackUrl: callbackUrl('wordpress'),
      }),
    );
    return { ...ok({ url: prepared.url }), cookies };
  },
});
