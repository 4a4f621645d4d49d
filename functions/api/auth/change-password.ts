import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { fieldError, unauthorized } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/accounts/password-hash';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { getUser, updateUser } from '../../core/accounts/user-store';
import { deleteUserSessions } from '../../core/sessions/session-store';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

export const changePassword = defineRoute(authContracts.changePassword, {
  access: 'user',
  handle: async ({ user, body }) => {
    // Guessing the current password from a stolen session is a login attempt like any other.
    await hit(LIMITS.loginPerEmail, user.email);
    const found = await getUser(user.id);
    if (!found) throw unauthorized();
    if (!(await verifyPassword(body.currentPassword, found.passwordHash))) {
      throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD);
    }
    await updateUser(found, { passwordHash: await hashPassword(body.newPassword) });
    // Every other session ends; this one stays signed in.
    await deleteUserSessions(user.id, user.sessionHash);
    return ok({ message: 'Your password has been changed.' });
  },
});
