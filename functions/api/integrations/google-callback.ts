import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute } from '../../core/http/route';
import { finishAppCallback } from '../../core/integrations/app-callback';
import { finishGoogleConnect } from '../../core/integrations/google-connection';
import { googleCallbackUrl } from './google-connect';

/** Google sends the browser back here; the same checks as every connect's callback. */
export const googleCallback = defineRoute(searchConsoleContracts.googleCallback, {
  access: 'public',
  handle: ({ query, cookies, user }) =>
    finishAppCallback({
      app: 'google',
      label: 'Google',
      state: query.state,
      cookies,
      user,
      cancelled: Boolean(query.error || !query.code),
      finish: (saved) => finishGoogleConnect({ ...saved, app: 'google' }, query.code ?? '', googleCallbackUrl()),
    }),
});
