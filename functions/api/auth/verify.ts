import { verifySchema } from '@shared/schemas/auth';
import { defineRoute } from '../../core/http/route';
import { badRequest } from '../../core/http/errors';
import { consumeVerifyCode } from '../../core/accounts/link-tokens';
import { getUser, updateUser } from '../../core/accounts/user-store';

export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Ask for a new one below.';

export const verify = defineRoute({
  method: 'POST',
  path: '/api/auth/verify',
  access: 'public',
  body: verifySchema,
  handle: async ({ body }) => {
    const user = await getUser(body.id);
    if (!user) throw badRequest(VERIFY_LINK_INVALID);
    if (!(await consumeVerifyCode(user.id, body.code))) {
      if (user.verified) return { message: 'Your email is already verified. You can sign in.' };
      throw badRequest(VERIFY_LINK_INVALID);
    }
    if (!user.verified) await updateUser(user, { verified: true });
    return { message: 'Your email has been verified. You can sign in now.' };
  },
});
