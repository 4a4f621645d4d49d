import { profilePatchSchema } from '@shared/schemas/auth';
import { defineRoute } from '../../core/http/route';
import { unauthorized } from '../../core/http/errors';
import { getUser, publicProfile, updateUser } from '../../core/accounts/user-store';

/** 401 here is how the SPA learns it is signed out (spec 01 §4). */
export const getProfile = defineRoute({
  method: 'GET',
  path: '/api/auth/profile',
  access: 'user',
  handle: async ({ user }) => {
    const found = await getUser(user.id);
    if (!found) throw unauthorized();
    return publicProfile(found);
  },
});

export const patchProfile = defineRoute({
  method: 'PATCH',
  path: '/api/auth/profile',
  access: 'user',
  body: profilePatchSchema,
  handle: async ({ user, body }) => {
    const found = await getUser(user.id);
    if (!found) throw unauthorized();
    return publicProfile(await updateUser(found, body));
  },
});
