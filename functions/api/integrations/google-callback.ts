import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { finishConnect } from '../connect-finish';
import { finishGoogleConnect } from '../../core/integrations/google-connection';

/** Google sends the browser back here; the same checks as every connect's callback. */
export const googleCallback = defineRoute(searchConsoleContracts.googleCallback, {
  access: 'public',
  handle: ({ query, cookies, user }) =>
    finishConnect({
      platform: 'google',
      label: 'Google',
      state: query.state,
      cookies,
      user,
      cancelled: Boolean(query.error || !query.code),
      finish: (saved) => finishGoogleConnect({ ...saved, platform: 'google' }, query.code ?? '', callbackUrl('google')),
    }),
});
