import { GMB_DISCONNECTED_WARNING } from '@shared/schemas/business';
import type { ReactNode } from 'react';
import {
  useBusinessAccounts,
  useBusinessConnect,
  useBusinessDisconnect,
  useBusinessStatus,
  useChooseAccount,
} from '@/api/integrations/connections';
import { ConnectionRow } from './connection-row';
import { ProfileChooser } from './profile-chooser';

/**
 * Google My Business (behind GoogleMyBusinessIntegration): Connect goes to Google's consent for
 * the Business Profile; the connect chooses the first account with locations, else the row asks
 * for one before it says connected. A status of 'disconnected' (Google took the grant back) is
 * to reconnect, with spec 02 §8's warning.
 */
export function BusinessApp({
  mark,
  inviteToken,
  choosing,
}: {
  mark: ReactNode;
  inviteToken?: string;
  choosing?: boolean;
}) {
  const status = useBusinessStatus();
  const connect = useBusinessConnect();
  const disconnect = useBusinessDisconnect();
  const choose = useChooseAccount();
  const connected = status.data?.connected === true;
  return (
    <ConnectionRow
      platform="google-my-business"
      name="Google My Business"
      description="Manage your business profile and reviews."
      mark={mark}
      loading={status.isPending}
      connected={connected}
      choosing={connected && !status.data?.account ? 'Choose an account' : undefined}
      reconnect={status.data?.message === 'disconnected'}
      details={
        <ProfileChooser
          label="Business Profile account"
          emptyHint="Your Google account has no Business Profile accounts yet."
          prompt="Save the account the business manager works on, and Google My Business is connected."
          focus={choosing}
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
