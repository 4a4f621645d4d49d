import { GMB_DISCONNECTED_WARNING } from '@shared/schemas/business';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  useBusinessAccounts,
  useBusinessConnect,
  useBusinessDisconnect,
  useBusinessStatus,
  useChooseAccount,
} from '../api/apps';
import { AppChooser } from './app-chooser';
import { AppSwitch } from './app-switch';
import './social-app.css';

/**
 * Google My Business on the apps tab (behind GoogleMyBusinessIntegration): Connect goes to
 * Google's consent for the Business Profile; then the account the business manager works on.
 * A status of 'disconnected' (Google took the grant back) shows spec 02 §8's warning.
 */
export function BusinessApp({ mark, inviteToken }: { mark: ReactNode; inviteToken?: string }) {
  const status = useBusinessStatus();
  const connect = useBusinessConnect();
  const disconnect = useBusinessDisconnect();
  const choose = useChooseAccount();
  const connected = status.data?.connected === true;
  const lost = status.data?.message === 'disconnected';

  return (
    <li className="platform social-app" data-platform="google-my-business">
      {mark}
      <div className="platform__text">
        <span className="platform__name">Google My Business</span>
        <span className="platform__description">Manage your business profile and reviews.</span>
        {connected ? (
          <AppChooser
            label="Business Profile account"
            noun="Business Profile accounts"
            current={status.data?.account}
            useChoices={useBusinessAccounts}
            choose={choose}
          />
        ) : null}
        {lost ? <Alert type="warning">{GMB_DISCONNECTED_WARNING}</Alert> : null}
        {status.error ? <p className="field__error">{errorMessage(status.error)}</p> : null}
        {connect.error ? <p className="field__error">{errorMessage(connect.error)}</p> : null}
        {disconnect.error ? <p className="field__error">{errorMessage(disconnect.error)}</p> : null}
      </div>
      {status.isPending ? null : connected ? (
        <AppSwitch name="Google My Business" pending={disconnect.isPending} onOff={() => disconnect.mutate()} />
      ) : (
        <>
          <Badge tone={lost ? 'warning' : 'neutral'}>{lost ? 'Reconnect needed' : 'Not connected'}</Badge>
          <Button
            variant={lost ? 'primary' : 'secondary'}
            size="sm"
            pending={connect.isPending}
            onClick={() => connect.mutate(inviteToken)}
            aria-label={`${lost ? 'Reconnect' : 'Connect'} Google My Business`}
          >
            {lost ? 'Reconnect' : 'Connect'}
          </Button>
        </>
      )}
    </li>
  );
}
