import type { ConnectedPlatform } from '@shared/schemas/integrations';
import { DomainError } from '../core/errors';
import { clearCookie } from '../core/http/cookies';
import { redirect, type AuthUser } from '../core/http/route';
import { log } from '../core/log';
import {
  acceptConnectState,
  appsTabUrl,
  CONNECT_STATE_REFUSED,
  signInFirstUrl,
  STATE_COOKIE,
  type ConnectState,
} from '../core/integrations/connect-state';
import { getConnection, needsChoice } from '../core/integrations/connection-store';

/**
 * Every connect's way back, the same for every platform: signed in, the state accepted
 * (acceptConnectState's checks), not cancelled; then `finish` stores the connection. The browser
 * lands on the apps tab, told what happened (a DomainError's sentence, such as a platform's
 * refusal), or asked to choose the page first when the account offered several; the state
 * cookie goes in every case.
 */
export async function finishConnect(input: {
  platform: ConnectedPlatform;
  /** "Connecting Google was cancelled." */
  label: string;
  state: string | undefined;
  cookies: Record<string, string | undefined>;
  user: AuthUser | undefined;
  cancelled: boolean;
  finish: (saved: ConnectState) => Promise<unknown>;
}) {
  const { platform, user } = input;
  const clear = [clearCookie(STATE_COOKIE)];
  const back = (error: string) => redirect(appsTabUrl({ error, platform }), clear);
  if (!user) return redirect(signInFirstUrl(), clear);
  const saved = await acceptConnectState({ platform, state: input.state, cookies: input.cookies, user });
  if (!saved) return back(CONNECT_STATE_REFUSED);
  if (input.cancelled) return back(`Connecting ${input.label} was cancelled.`);
  try {
    await input.finish(saved);
    const chosen = !needsChoice(await getConnection(saved.companyId, platform));
    return redirect(appsTabUrl(chosen ? { connected: platform } : { choose: platform }), clear);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    log('warn', 'platform connect failed', { platform, message: error.message });
    return back(error.message);
  }
}
