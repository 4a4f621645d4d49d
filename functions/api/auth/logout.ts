import { defineRoute } from '../../core/http/route';
import { deleteSession } from '../../core/sessions/session-store';
import { signOutCookies } from '../../core/accounts/sign-in';

/** Deletes the session server-side (the cookie alone is no longer enough) and clears it. */
export const logout = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  handle: async ({ user }) => {
    if (user) await deleteSession(user.sessionHash);
    return { status: 204, cookies: signOutCookies() };
  },
});
