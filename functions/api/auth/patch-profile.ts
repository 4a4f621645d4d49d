import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { unauthorized } from '../../core/errors';
import { getUser, publicProfile, updateUser } from '../../core/accounts/user-store';

/** Changes the signed-in user's own profile; 401 when the session is gone. */
export const patchProfile = defineRoute(authContracts.patchProfile, {
  access: 'user',
  handle: async ({ user, body }) => {
    const found = await getUser(user.id);
    if (!found) throw unauthorized();
    return ok(publicProfile(await updateUser(found, body)));
  },
});
