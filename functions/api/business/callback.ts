import { businessContracts } from '@shared/contracts/business';
import { defineRoute } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { finishConnect } from '../connect-finish';
import { finishGoogleConnect } from '../../core/integrations/google-connection';

/** Google sends the browser back here: the same checks as every connect's callback. */
export const callback = defineRoute(businessContracts.callback, {
  access: 'public',
  handle: ({ query, cookies, user }) =>
    finishConnect({
      platform: 'google-my-business',
      label: 'Google My Business',
      state: query.state,
      cookies,
      user,
      cancelled: Boolean(query.error || !query.code),
      finish: (saved) =>
        finishGoogleConnect(
          { ...saved, platform: 'google-my-business' },
          query.code ?? '',
          callbackUrl('google-my-business'),
        ),
    }),
});
