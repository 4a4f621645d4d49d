import { searchConsoleContracts } from '@shared/contracts/integrations';
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
import { googleCallbackUrl } from './google-connect';

/** Google sends the browser back here; the same checks as every connect's callback. */
export const googleCallback = defineRoute(searchConsoleContracts.googleCallback, {
  access: 'public',
  handle: async ({ query, cookies, user }) => {
    const clear = [clearCookie(STATE_COOKIE)];
    const back = (error: string) => redirect(appsTabUrl({ error, app: 'google' }), clear);
    if (!user) return redirect(signInFirstUrl(), clear);
    const saved = await acceptAppState({ app: 'google', state: query.state, cookies, user });
    if (!saved) return back(APP_STATE_REFUSED);
    if (query.error || !query.code) return back('Connecting Google was cancelled.');
    try {
      await finishGoogleConnect({ ...saved, app: 'google' }, query.code, googleCallbackUrl());
      return redirect(appsTabUrl({ connected: 'google' }), clear);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log('warn', 'google connect failed', { message: error.message });
      return back(error.message);
    }
  },
});
