import type { ReactNode } from 'react';
import {
  useChooseWebsite,
  useSearchConsoleConnect,
  useSearchConsoleDisconnect,
  useSearchConsoleStatus,
  useSearchConsoleWebsites,
} from '@/api/integrations/connections';
import { ConnectionRow } from './connection-row';
import { ProfileChooser } from './profile-chooser';

/** Search Console's properties as choices: the property's URL is its name. */
function useWebsiteChoices(enabled: boolean) {
  const websites = useSearchConsoleWebsites(enabled);
  return { ...websites, data: websites.data?.map((w) => ({ id: w.url, name: w.url })) };
}

/**
 * Google Search Console (behind GoogleSearchConsole): Connect goes to Google's consent for the
 * Google profile with Search Console's read scope; then the property reports read.
 */
export function SearchConsoleApp({ mark, inviteToken }: { mark: ReactNode; inviteToken?: string }) {
  const status = useSearchConsoleStatus();
  const connect = useSearchConsoleConnect();
  const disconnect = useSearchConsoleDisconnect();
  const choose = useChooseWebsite();
  return (
    <ConnectionRow
      platform="search-console"
      name="Google Search Console"
      description="Bring search performance into your reports."
      mark={mark}
      loading={status.isPending}
      connected={status.data?.connected === true}
      reconnect={status.data?.reconnect === true}
      details={
        <ProfileChooser
          label="Search Console property"
          emptyHint="Your Google account has no Search Console properties yet."
          current={status.data?.profile}
          useChoices={useWebsiteChoices}
          choose={choose}
        />
      }
      warning={status.data?.message ?? 'Reconnect Google.'}
      errors={[status.error, connect.error, disconnect.error]}
      onConnect={() => connect.mutate(inviteToken)}
      connecting={connect.isPending}
      onDisconnect={() => disconnect.mutate()}
      disconnecting={disconnect.isPending}
    />
  );
}
