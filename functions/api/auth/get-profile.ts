import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { unauthorized } from '../../core/errors';
import { getUser, publicProfile } from '../../core/accounts/user-store';

/** 401 here is how the SPA learns it is signed out (spec 01 §4). */
export const getProfile = defineRoute(authContracts.profile, {
  access: 'user',
  handle: async ({ user }) => {
    const found = await getUser(user.id);
    if (!found) throw unauthorized();
    return ok(publicProfile(found));
  },
});
