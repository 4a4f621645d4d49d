import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { badRequest } from '../../core/errors';
import { hashPassword } from '../../core/accounts/password-hash';
import { consumeResetToken } from '../../core/accounts/link-tokens';
import { getUser, updateUser } from '../../core/accounts/user-store';
import { deleteUserSessions } from '../../core/sessions/session-store';

export const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Ask for a new one.';

export const consumeReset = defineRoute(authContracts.consumeReset, {
  access: 'public',
  handle: async ({ body }) => {
    const userId = await consumeResetToken(body.id, body.token);
    const user = userId ? await getUser(userId) : undefined;
    if (!user) throw badRequest(RESET_LINK_INVALID);
    // The mail proved the address, so a reset also verifies it; old sessions end.
    await updateUser(user, { passwordHash: await hashPassword(body.password), verified: true });
    await deleteUserSessions(user.id);
    return ok({ message: 'Your password has been changed. Sign in with your new password.' });
  },
});
