import { DomainError } from '../errors';
import { clearCookie } from '../http/cookies';
import { redirect, type AuthUser } from '../http/route';
import { log } from '../log';
import {
  acceptAppState,
  APP_STATE_REFUSED,
  appsTabUrl,
  signInFirstUrl,
  STATE_COOKIE,
  type AppConnectState,
} from './app-connect-state';
import type { AppName } from './app-http';

/**
 * A WordPress or Google connect's way back, the same for every app: signed in, the state
 * accepted (acceptAppState's checks), not cancelled; then `finish` stores the connection. The
 * browser lands on the apps tab, told what happened; the state cookie goes in every case.
 */
export async function finishAppCallback(input: {
  app: AppName;
  /** "Connecting Google was cancelled." */
  label: string;
  state: string | undefined;
  cookies: Record<string, string | undefined>;
  user: AuthUser | undefined;
  cancelled: boolean;
  finish: (saved: AppConnectState) => Promise<unknown>;
}) {
  const { app, user } = input;
  const clear = [clearCookie(STATE_COOKIE)];
  const back = (error: string) => redirect(appsTabUrl({ error, app }), clear);
  if (!user) return redirect(signInFirstUrl(), clear);
  const saved = await acceptAppState({ app, state: input.state, cookies: input.cookies, user });
  if (!saved) return back(APP_STATE_REFUSED);
  if (input.cancelled) return back(`Connecting ${input.label} was cancelled.`);
  try {
    await input.finish(saved);
    return redirect(appsTabUrl({ connected: app }), clear);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    log('warn', `${app} connect failed`, { message: error.message });
    return back(error.message);
  }
}
