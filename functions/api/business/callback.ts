import { businessContracts } from '@shared/contracts/business';
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
import { finishGoogleConnect } from '../../core/integrations/google-connection';
import { log } from '../../core/log';
import { businessCallbackUrl } from './connect';

/** Google sends the browser back here: the same checks as every connect's callback. */
export const callback = defineRoute(businessContracts.callback, {
  access: 'public',
  handle: async ({ query, cookies, user }) => {
    const clear = [clearCookie(STATE_COOKIE)];
    const back = (error: string) => redirect(appsTabUrl({ error, app: 'google-my-business' }), clear);
    if (!user) return redirect(signInFirstUrl(), clear);
    const saved = await acceptAppState({ app: 'google-my-business', state: query.state, cookies, user });
    if (!saved) return back(APP_STATE_REFUSED);
    if (query.error || !query.code) return back('Connecting Google My Business was cancelled.');
    try {
      await finishGoogleConnect({ ...saved, app: 'google-my-business' }, query.code, businessCallbackUrl());
      return redirect(appsTabUrl({ connected: 'google-my-business' }), clear);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log('warn', 'google my business connect failed', { message: error.message });
      return back(error.message);
    }
  },
});
