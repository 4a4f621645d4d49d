import { COMPANY_COOKIE, SESSION_COOKIE } from '@shared/constants';
import { clearCookie, serializeCookie } from '../../core/http/cookies';
import { SESSION_TTL_SECONDS } from '../../core/sessions/session-store';

/** Sessions last 30 days; the selected company is remembered longer, across sign-ins. */
const COMPANY_COOKIE_SECONDS = 400 * 24 * 3600;

/** The cookies a sign-in sets: the HttpOnly session, and the company the SPA may switch. */
export const signInCookies = (signedIn: { sessionToken: string; companyId: number }) => [
  serializeCookie(SESSION_COOKIE, signedIn.sessionToken, { maxAgeSeconds: SESSION_TTL_SECONDS }),
  // Readable by the SPA, which switches companies by rewriting it.
  serializeCookie(COMPANY_COOKIE, String(signedIn.companyId), {
    httpOnly: false,
    maxAgeSeconds: COMPANY_COOKIE_SECONDS,
  }),
];

export const signOutCookies = () => [clearCookie(SESSION_COOKIE)];
