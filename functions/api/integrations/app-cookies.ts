import { COMPANY_COOKIE } from '@shared/constants';
import { serializeCookie } from '../../core/http/cookies';
import { CONNECT_STATE_TTL_SECONDS } from '../../core/integrations/connect-state';
import { STATE_COOKIE } from '../../core/integrations/app-connect-state';
import { COMPANY_COOKIE_SECONDS } from './callback-uri';

/** The state cookie of a connect, and the invited company's cookie when an invite switched it. */
export function connectCookies(state: string, switchedTo?: number): string[] {
  const cookies = [serializeCookie(STATE_COOKIE, state, { maxAgeSeconds: CONNECT_STATE_TTL_SECONDS })];
  if (switchedTo !== undefined) {
    cookies.unshift(
      serializeCookie(COMPANY_COOKIE, String(switchedTo), { httpOnly: false, maxAgeSeconds: COMPANY_COOKIE_SECONDS }),
    );
  }
  return cookies;
}
