import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { fieldError, unauthorized } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/accounts/password-hash';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { getUser, setPassword } from '../../core/accounts/user-store';
import { deleteUserSessions } from '../../core/sessions/session-store';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

export const changePassword = defineRoute(authContracts.changePassword, {
  access: 'user',
  handle: async ({ user, body }) => {
    // Guessing the current password from a stolen session is throttled on its own counter:
    // it neither spends nor is stopped by the sign-in attempts of the address.
    await hit(LIMITS.changePasswordPerUser, String(user.id));
    const found = await getUser(user.id);
    if (!found) throw unauthorized();
    if (!(await verifyPassword(body.currentPassword, found.passwordHash))) {
      throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD);
    }
    await setPassword(found, await hashPassword(body.newPassword));
    // Every other session and every outstanding reset link ends; this session stays signed in.
    await deleteUserSessions(user.id, user.sessionHash);
    return ok({ message: 'Your password has been changed.' });
  },
});
