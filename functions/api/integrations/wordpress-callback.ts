import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { finishConnect } from '../connect-finish';
import { finishWordPressConnect } from '../../core/integrations/wordpress-connection';
import { armFirstCollection } from '../../core/reports/metrics-schedule';

/**
 * The site's authorize-application page (or WordPress.com) sends the browser back here. The
 * password is kept only for the user, browser and company that started this connect, for the
 * site they named, once, and only after the site accepts it. "No, I do not approve" comes back
 * to our reject address, which carries `success=false`; WordPress's `error=disabled` (no
 * application passwords for this account) is not a cancel but a cause, told as such.
 */
export const wordpressCallback = defineRoute(wordpressContracts.callback, {
  access: 'public',
  handle: ({ query, cookies, user }) =>
    finishConnect({
      platform: 'wordpress',
      label: 'WordPress',
      state: query.state,
      cookies,
      user,
      cancelled: query.success === 'false' || Boolean(query.error && query.error !== 'disabled'),
      finish: async (saved) => {
        await finishWordPressConnect(saved, {
          siteUrl: query.site_url,
          userLogin: query.user_login,
          password: query.password,
          code: query.code,
          error: query.error,
          callbackUrl: callbackUrl('wordpress'),
        });
        // Its posts' comments are read by the daily report collection: its chain starts soon.
        await armFirstCollection(saved.companyId);
      },
    }),
});
