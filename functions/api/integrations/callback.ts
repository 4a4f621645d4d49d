import { COMPANY_COOKIE } from '@shared/constants';
import { integrationsContracts } from '@shared/contracts/integrations';
import { PLATFORM_LABELS } from '@shared/schemas/integrations';
import { config } from '../../core/config';
import { clearCookie } from '../../core/http/cookies';
import { defineRoute, redirect } from '../../core/http/route';
import { consumeConnectState } from '../../core/integrations/connect-state';
import { saveConnection } from '../../core/integrations/connection-store';
import { PlatformError } from '../../core/integrations/platform-error';
import { appCredentials, platformClient } from '../../core/integrations/platforms';
import { log } from '../../core/log';
import { isMember } from '../../core/membership';
import { appsTab, callbackUri } from './callback-uri';
import { STATE_COOKIE } from '../../core/integrations/app-connect-state';

const STATE_REFUSED = 'This connect link expired or was not started here. Please press Connect again.';

/**
 * The platform sends the browser back here. Public, because it is a navigation the platform
 * starts; it acts only for the signed-in user who started the flow, in the browser that holds
 * the state cookie, for the company the state was made for (still selected, still a member),
 * and only once.
 */
export const callback = defineRoute(integrationsContracts.callback, {
  access: 'public',
  handle: async ({ params, query, cookies, user }) => {
    const platform = params.platform;
    const clear = [clearCookie(STATE_COOKIE)];
    const back = (error: string) => redirect(appsTab({ error, platform }), clear);
    if (!user) {
      return redirect(
        `${config.appOrigin}/auth?message=${encodeURIComponent('Sign in, then connect again from the apps page.')}`,
        clear,
      );
    }
    const stateOk = !!query.state && cookies[STATE_COOKIE] === query.state;
    const saved = stateOk && query.state ? await consumeConnectState(query.state) : undefined;
    if (
      !saved ||
      saved.platform !== platform ||
      saved.userId !== user.id ||
      cookies[COMPANY_COOKIE] !== String(saved.companyId) ||
      !(await isMember(saved.companyId, user.id))
    ) {
      return back(STATE_REFUSED);
    }
    if (query.error || !query.code) return back(`Connecting ${PLATFORM_LABELS[platform]} was cancelled.`);
    const creds = await appCredentials(platform);
    if (!creds) return back(`Connecting ${PLATFORM_LABELS[platform]} is not set up yet.`);
    try {
      const client = platformClient(platform);
      const tokens = await client.exchangeCode({
        creds,
        redirectUri: callbackUri(platform),
        code: query.code,
        codeVerifier: saved.codeVerifier,
      });
      const account = await client.account(tokens);
      const targets = await client.targets(tokens, account);
      await saveConnection(saved.companyId, platform, account, tokens, targets);
      return redirect(appsTab({ connected: platform }), clear);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      log('warn', 'platform connect failed', { platform, failure: error.failure, detail: error.detail });
      return back(error.message);
    }
  },
});
