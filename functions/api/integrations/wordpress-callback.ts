import { wordpressContracts } from '@shared/contracts/integrations';
import { defineRoute } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { finishConnect } from '../../core/integrations/connect-finish';
import { finishWordPressConnect } from '../../core/integrations/wordpress-connection';

/**
 * The site's authorize-application page (or WordPress.com) sends the browser back here. The
 * password is kept only for the user, browser and company that started this connect, for the
 * site they named, once, and only after the site accepts it.
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
      cancelled: Boolean(query.success === 'false' || query.error),
      finish: (saved) =>
        finishWordPressConnect(saved, {
          siteUrl: query.site_url,
          userLogin: query.user_login,
          password: query.password,
          code: query.code,
          callbackUrl: callbackUrl('wordpress'),
        }),
    }),
});
