import { SESSION_COOKIE } from '@shared/constants';
import { companyCookie } from '../../core/http/company-cookie';
import { clearCookie, serializeCookie } from '../../core/http/cookies';
import { SESSION_TTL_SECONDS } from '../../core/sessions/session-store';

/** The cookies a sign-in sets: the HttpOnly session, and the company the SPA may switch. */
export const signInCookies = (signedIn: { sessionToken: string; companyId: number }) => [
  serializeCookie(SESSION_COOKIE, signedIn.sessionToken, { maxAgeSeconds: SESSION_TTL_SECONDS }),
  companyCookie(signedIn.companyId),
];

export const signOutCookies = () => [clearCookie(SESSION_COOKIE)];
