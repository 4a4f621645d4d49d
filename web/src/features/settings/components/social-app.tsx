import {
  PLATFORM_LABELS,
  PROFILE_PLATFORMS,
  type ProfilePlatform,
  type SocialPlatform,
} from '@shared/schemas/integrations';
import type { ReactNode } from 'react';
import {
  useChooseProfile,
  useSocialConnect,
  useSocialDisconnect,
  useSocialProfiles,
  useSocialStatus,
} from '../api/connections';
import { ConnectionRow } from './connection-row';
import { ProfileChooser } from './profile-chooser';

const hasProfiles = (platform: SocialPlatform): platform is ProfilePlatform =>
  (PROFILE_PLATFORMS as readonly string[]).includes(platform);

/** What the profile is called on each platform, for labels ("Facebook page"). */
const PROFILE_NOUN: Record<SocialPlatform, string> = {
  facebook: 'page',
  instagram: 'business account',
  threads: 'profile',
  linkedin: 'profile or page',
};

/** The page or profile posts go to, chosen among those the platform lists now. */
function SocialProfileChooser({
  platform,
  current,
}: {
  platform: ProfilePlatform;
  current?: { id: string; name: string };
}) {
  const choose = useChooseProfile(platform);
  const useChoices = (enabled: boolean) => useSocialProfiles(platform, enabled);
  return (
    <ProfileChooser
      label={`${PLATFORM_LABELS[platform]} ${PROFILE_NOUN[platform]}`}
      emptyHint={`Your account has no ${PROFILE_NOUN[platform]} to publish to yet.`}
      current={current}
      useChoices={useChoices}
      choose={choose}
    />
  );
}

/** A social platform's connection: Connect, or the page or profile posts go to (Threads: the account). */
export function SocialApp({
  platform,
  description,
  mark,
  inviteToken,
}: {
  platform: SocialPlatform;
  description: string;
  mark: ReactNode;
  inviteToken?: string;
}) {
  const status = useSocialStatus(platform);
  const connect = useSocialConnect(platform);
  const disconnect = useSocialDisconnect(platform);
  const name = PLATFORM_LABELS[platform];
  const profile = status.data?.profile;
  return (
    <ConnectionRow
      platform={platform}
      name={name}
      description={description}
      mark={mark}
      loading={status.isPending}
      connected={status.data?.connected === true}
      reconnect={status.data?.reconnect === true}
      details={
        hasProfiles(platform) ? (
          <SocialProfileChooser platform={platform} current={profile} />
        ) : profile ? (
          <span className="connection__profile-name">{profile.name}</span>
        ) : null
      }
      warning={status.data?.message ?? `Reconnect ${name} to keep publishing.`}
      errors={[status.error, connect.error, disconnect.error]}
      onConnect={() => connect.mutate(inviteToken)}
      connecting={connect.isPending}
      onDisconnect={() => disconnect.mutate()}
      disconnecting={disconnect.isPending}
    />
  );
}
