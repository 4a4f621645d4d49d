import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { badRequest } from '../../core/errors';
import { consumeVerifyCode } from '../../core/accounts/link-tokens';
import { getUser, updateUser } from '../../core/accounts/user-store';

export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Ask for a new one below.';

export const verify = defineRoute(authContracts.verify, {
  access: 'public',
  handle: async ({ body }) => {
    const user = await getUser(body.id);
    if (!user) throw badRequest(VERIFY_LINK_INVALID);
    if (!(await consumeVerifyCode(user.id, body.code))) {
      if (user.verified) return ok({ message: 'Your email is already verified. You can sign in.' });
      throw badRequest(VERIFY_LINK_INVALID);
    }
    if (!user.verified) await updateUser(user, { verified: true });
    return ok({ message: 'Your email has been verified. You can sign in now.' });
  },
});
