import { COMPANY_COOKIE } from '@shared/constants';
import { serializeCookie } from './cookies';

/** Sessions last 30 days; the selected company is remembered longer, across sign-ins. */
const COMPANY_COOKIE_SECONDS = 400 * 24 * 3600;

/** Selects a company: readable by the SPA, which switches companies by rewriting it. */
export const companyCookie = (companyId: number) =>
  serializeCookie(COMPANY_COOKIE, String(companyId), { httpOnly: false, maxAgeSeconds: COMPANY_COOKIE_SECONDS });
