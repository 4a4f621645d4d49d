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
} from '@/api/integrations/connections';
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
  focus,
}: {
  platform: ProfilePlatform;
  current?: { id: string; name: string };
  focus?: boolean;
}) {
  const choose = useChooseProfile(platform);
  const useChoices = (enabled: boolean) => useSocialProfiles(platform, enabled);
  const name = PLATFORM_LABELS[platform];
  return (
    <ProfileChooser
      label={`${name} ${PROFILE_NOUN[platform]}`}
      emptyHint={`Your account has no ${PROFILE_NOUN[platform]} to publish to yet.`}
      prompt={`Your ${name} account offers several: save the ${PROFILE_NOUN[platform]} posts go to, and ${name} is connected.`}
      focus={focus}
      current={current}
      useChoices={useChoices}
      choose={choose}
    />
  );
}

/**
 * A social platform's connection: Connect, or the page or profile posts go to (Threads: the
 * account). An account that offered several is asked for its choice before it says connected
 * (`choosing`: just back from its consent, the list takes the focus).
 */
export function SocialApp({
  platform,
  description,
  mark,
  inviteToken,
  choosing,
}: {
  platform: SocialPlatform;
  description: string;
  mark: ReactNode;
  inviteToken?: string;
  choosing?: boolean;
}) {
  const status = useSocialStatus(platform);
  const connect = useSocialConnect(platform);
  const disconnect = useSocialDisconnect(platform);
  const name = PLATFORM_LABELS[platform];
  const profile = status.data?.profile;
  const connected = status.data?.connected === true;
  const toChoose = connected && hasProfiles(platform) && !profile;
  return (
    <ConnectionRow
      platform={platform}
      name={name}
      description={description}
      mark={mark}
      loading={status.isPending}
      connected={connected}
      choosing={toChoose ? `Choose a ${PROFILE_NOUN[platform]}` : undefined}
      reconnect={status.data?.reconnect === true}
      details={
        hasProfiles(platform) ? (
          <SocialProfileChooser platform={platform} current={profile} focus={choosing} />
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
