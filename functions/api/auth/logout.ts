import { authContracts } from '@shared/contracts/auth';
import { defineRoute, noContent } from '../../core/http/route';
import { deleteSession } from '../../core/sessions/session-store';
import { signOutCookies } from './session-cookies';

/** Deletes the session server-side (the cookie alone is no longer enough) and clears it. */
export const logout = defineRoute(authContracts.logout, {
  access: 'public',
  handle: async ({ user }) => {
    if (user) await deleteSession(user.sessionHash);
    return { ...noContent(), cookies: signOutCookies() };
  },
});
