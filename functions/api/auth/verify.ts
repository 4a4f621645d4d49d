import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { badRequest } from '../../core/errors';
import { consumeVerifyCode } from '../../core/accounts/link-tokens';
import { getUser, updateUser } from '../../core/accounts/user-store';

const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Ask for a new one below.';

export const verify = defineRoute(authContracts.verify, {
  access: 'public',
  handle: async ({ body }) => {
    // A used or wrong code answers alike, with the same one read, for unknown, verified and
    // unverified ids: ids are sequential, and "already verified" would tell which are live.
    if (!(await consumeVerifyCode(body.id, body.code))) throw badRequest(VERIFY_LINK_INVALID);
    const user = await getUser(body.id);
    if (!user) throw badRequest(VERIFY_LINK_INVALID);
    if (!user.verified) await updateUser(user, { verified: true });
    return ok({ message: 'Your email has been verified. You can sign in now.' });
  },
});
