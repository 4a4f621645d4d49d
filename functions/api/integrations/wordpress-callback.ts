import { wordpressContracts } from '@shared/contracts/integrations';
import { DomainError } from '../../core/errors';
import { clearCookie } from '../../core/http/cookies';
import { defineRoute, redirect } from '../../core/http/route';
import {
  acceptAppState,
  APP_STATE_REFUSED,
  appsTabUrl,
  signInFirstUrl,
  STATE_COOKIE,
} from '../../core/integrations/app-connect-state';
import { log } from '../../core/log';
import { finishWordPressConnect } from '../../core/integrations/wordpress-connection';
import { wordpressCallbackUrl } from './wordpress-connect';

/**
 * The site's authorize-application page (or WordPress.com) sends the browser back here. The
 * password is kept only for the user, browser and company that started this connect, for the
 * site they named, once, and only after the site accepts it.
 */
export const wordpressCallback = defineRoute(wordpressContracts.callback, {
  access: 'public',
  handle: async ({ query, cookies, user }) => {
    const clear = [clearCookie(STATE_COOKIE)];
    const back = (error: string) => redirect(appsTabUrl({ error, app: 'wordpress' }), clear);
    if (!user) return redirect(signInFirstUrl(), clear);
    const saved = await acceptAppState({ app: 'wordpress', state: query.state, cookies, user });
    if (!saved) return back(APP_STATE_REFUSED);
    if (query.success === 'false' || query.error) return back('Connecting WordPress was cancelled.');
    try {
      await finishWordPressConnect(saved, {
        siteUrl: query.site_url,
        userLogin: query.user_login,
        password: query.password,
        code: query.code,
        callbackUrl: wordpressCallbackUrl(),
      });
      return redirect(appsTabUrl({ connected: 'wordpress' }), clear);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log('warn', 'wordpress connect failed', { message: error.message });
      return back(error.message);
    }
  },
});
