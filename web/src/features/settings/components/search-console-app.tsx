import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  useChooseWebsite,
  useSearchConsoleConnect,
  useSearchConsoleDisconnect,
  useSearchConsoleStatus,
  useSearchConsoleWebsites,
} from '../api/apps';
import { AppChooser } from './app-chooser';
import { AppSwitch } from './app-switch';
import './social-app.css';

/** Search Console's properties as choices: the property's URL is its name. */
function useWebsiteChoices(enabled: boolean) {
  const websites = useSearchConsoleWebsites(enabled);
  return { ...websites, data: websites.data?.map((w) => ({ id: w.url, name: w.url })) };
}

/**
 * Google Search Console on the apps tab (behind GoogleSearchConsole): Connect goes to Google's
 * consent for the Google profile with Search Console's read scope; then the property reports read.
 */
export function SearchConsoleApp({ mark, inviteToken }: { mark: ReactNode; inviteToken?: string }) {
  const status = useSearchConsoleStatus();
  const connect = useSearchConsoleConnect();
  const disconnect = useSearchConsoleDisconnect();
  const choose = useChooseWebsite();
  const connected = status.data?.connected === true;
  const reconnect = status.data?.reconnect === true;

  return (
    <li className="platform social-app" data-platform="search-console">
      {mark}
      <div className="platform__text">
        <span className="platform__name">Google Search Console</span>
        <span className="platform__description">Bring search performance into your reports.</span>
        {connected ? (
          <AppChooser
            label="Search Console property"
            noun="Search Console properties"
            current={status.data?.profile}
            useChoices={useWebsiteChoices}
            choose={choose}
          />
        ) : null}
        {reconnect ? <Alert type="warning">{status.data?.message ?? 'Reconnect Google.'}</Alert> : null}
        {status.error ? <p className="field__error">{errorMessage(status.error)}</p> : null}
        {connect.error ? <p className="field__error">{errorMessage(connect.error)}</p> : null}
        {disconnect.error ? <p className="field__error">{errorMessage(disconnect.error)}</p> : null}
      </div>
      {status.isPending ? null : connected ? (
        <AppSwitch name="Google Search Console" pending={disconnect.isPending} onOff={() => disconnect.mutate()} />
      ) : (
        <>
          <Badge tone={reconnect ? 'warning' : 'neutral'}>{reconnect ? 'Reconnect needed' : 'Not connected'}</Badge>
          <Button
            variant={reconnect ? 'primary' : 'secondary'}
            size="sm"
            pending={connect.isPending}
            onClick={() => connect.mutate(inviteToken)}
            aria-label={`${reconnect ? 'Reconnect' : 'Connect'} Google Search Console`}
          >
            {reconnect ? 'Reconnect' : 'Connect'}
          </Button>
        </>
      )}
    </li>
  );
}
