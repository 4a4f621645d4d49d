import { GMB_DISCONNECTED_WARNING } from '@shared/schemas/business';
import type { ReactNode } from 'react';
import {
  useBusinessAccounts,
  useBusinessConnect,
  useBusinessDisconnect,
  useBusinessStatus,
  useChooseAccount,
} from '../api/connections';
import { ConnectionRow } from './connection-row';
import { ProfileChooser } from './profile-chooser';

/**
 * Google My Business (behind GoogleMyBusinessIntegration): Connect goes to Google's consent for
 * the Business Profile; then the account the business manager works on. A status of
 * 'disconnected' (Google took the grant back) is to reconnect, with spec 02 §8's warning.
 */
export function BusinessApp({ mark, inviteToken }: { mark: ReactNode; inviteToken?: string }) {
  const status = useBusinessStatus();
  const connect = useBusinessConnect();
  const disconnect = useBusinessDisconnect();
  const choose = useChooseAccount();
  return (
    <ConnectionRow
      platform="google-my-business"
      name="Google My Business"
      description="Manage your business profile and reviews."
      mark={mark}
      loading={status.isPending}
      connected={status.data?.connected === true}
      reconnect={status.data?.message === 'disconnected'}
      details={
        <ProfileChooser
          label="Business Profile account"
          emptyHint="Your Google account has no Business Profile accounts yet."
          current={status.data?.account}
          useChoices={useBusinessAccounts}
          choose={choose}
        />
      }
      warning={GMB_DISCONNECTED_WARNING}
      errors={[status.error, connect.error, disconnect.error]}
      onConnect={() => connect.mutate(inviteToken)}
      connecting={connect.isPending}
      onDisconnect={() => disconnect.mutate()}
      disconnecting={disconnect.isPending}
    />
  );
}
