import { businessContracts } from '@shared/contracts/business';
import { defineRoute } from '../../core/http/route';
import { finishAppCallback } from '../../core/integrations/app-callback';
import { finishGoogleConnect } from '../../core/integrations/google-connection';
import { businessCallbackUrl } from './connect';

/** Google sends the browser back here: the same checks as every connect's callback. */
export const callback = defineRoute(businessContracts.callback, {
  access: 'public',
  handle: ({ query, cookies, user }) =>
    finishAppCallback({
      app: 'google-my-business',
      label: 'Google My Business',
      state: query.state,
      cookies,
      user,
      cancelled: Boolean(query.error || !query.code),
      finish: (saved) =>
        finishGoogleConnect({ ...saved, app: 'google-my-business' }, query.code ?? '', businessCallbackUrl()),
    }),
});
