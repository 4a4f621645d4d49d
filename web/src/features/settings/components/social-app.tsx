import {
  PLATFORM_LABELS,
  PROFILE_PLATFORMS,
  type ProfilePlatform,
  type SocialPlatform,
} from '@shared/schemas/integrations';
import { Pencil } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import './social-app.css';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  useChooseProfile,
  useConnect,
  useDisconnect,
  useIntegrationProfiles,
  useIntegrationStatus,
} from '../api/integrations';

const hasProfiles = (platform: SocialPlatform): platform is ProfilePlatform =>
  (PROFILE_PLATFORMS as readonly string[]).includes(platform);

/** What the profile is called on each platform, for labels ("Facebook page"). */
const PROFILE_NOUN: Record<SocialPlatform, string> = {
  facebook: 'page',
  instagram: 'business account',
  threads: 'profile',
  linkedin: 'profile or page',
};

/**
 * The chosen page or profile with an edit control listing the platform's choices (spec 01 §2).
 * The choices are read from the platform when the control opens.
 */
function ProfileChooser({ platform, current }: { platform: ProfilePlatform; current?: { id: string; name: string } }) {
  const [editing, setEditing] = useState(!current);
  const [picked, setPicked] = useState(current?.id ?? '');
  const profiles = useIntegrationProfiles(platform, editing);
  const choose = useChooseProfile(platform);
  const selectId = useId();
  const label = `${PLATFORM_LABELS[platform]} ${PROFILE_NOUN[platform]}`;

  if (!editing && current) {
    return (
      <div className="social-app__profile">
        <span className="social-app__profile-name">{current.name}</span>
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Change ${label}`}>
          <Pencil size={14} aria-hidden /> Change
        </Button>
      </div>
    );
  }
  const choices = profiles.data ?? [];
  const value = picked || choices[0]?.id || '';
  return (
    <form
      className="social-app__chooser"
      onSubmit={(event) => {
        event.preventDefault();
        if (!value) return;
        choose.mutate(value, { onSuccess: () => setEditing(false) });
      }}
    >
      <label htmlFor={selectId} className="social-app__chooser-label">
        {label}
      </label>
      <div className="social-app__chooser-row">
        <select
          id={selectId}
          className="input select"
          value={value}
          disabled={profiles.isPending || choose.isPending}
          onChange={(e) => setPicked(e.target.value)}
        >
          {profiles.isPending ? <option value="">Loading…</option> : null}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={!value} pending={choose.isPending}>
          Save
        </Button>
        {current ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        ) : null}
      </div>
      {profiles.error ? <p className="field__error">{errorMessage(profiles.error)}</p> : null}
      {choose.error ? <p className="field__error">{errorMessage(choose.error)}</p> : null}
      {profiles.data?.length === 0 ? (
        <p className="field__hint">Your account has no {PROFILE_NOUN[platform]} to publish to yet.</p>
      ) : null}
    </form>
  );
}

/**
 * One social platform on the apps tab: Connect when it is not connected (or must be connected
 * again), else a switch that disconnects and the page or profile posts go to.
 */
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
  const status = useIntegrationStatus(platform);
  const connect = useConnect(platform);
  const disconnect = useDisconnect(platform);
  const name = PLATFORM_LABELS[platform];
  const connected = status.data?.connected === true;
  const reconnect = status.data?.reconnect === true;
  const switchId = useId();

  return (
    <li className="platform social-app" data-platform={platform}>
      {mark}
      <div className="platform__text">
        <span className="platform__name">{name}</span>
        <span className="platform__description">{description}</span>
        {connected && !hasProfiles(platform) && status.data?.profile ? (
          <span className="social-app__profile-name">{status.data.profile.name}</span>
        ) : null}
        {connected && hasProfiles(platform) ? (
          <ProfileChooser platform={platform} current={status.data?.profile} />
        ) : null}
        {reconnect ? (
          <Alert type="warning">{status.data?.message ?? `Reconnect ${name} to keep publishing.`}</Alert>
        ) : null}
        {status.error ? <p className="field__error">{errorMessage(status.error)}</p> : null}
        {connect.error ? <p className="field__error">{errorMessage(connect.error)}</p> : null}
        {disconnect.error ? <p className="field__error">{errorMessage(disconnect.error)}</p> : null}
      </div>
      {status.isPending ? null : connected ? (
        <div className="social-app__switch">
          <label htmlFor={switchId} className="social-app__switch-label">
            Connected
          </label>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="switch__input"
            checked
            disabled={disconnect.isPending}
            aria-label={`${name} connected`}
            onChange={() => disconnect.mutate()}
          />
        </div>
      ) : (
        <>
          <Badge tone={reconnect ? 'warning' : 'neutral'}>{reconnect ? 'Reconnect needed' : 'Not connected'}</Badge>
          <Button
            variant={reconnect ? 'primary' : 'secondary'}
            size="sm"
            pending={connect.isPending}
            onClick={() => connect.mutate(inviteToken)}
            aria-label={`${reconnect ? 'Reconnect' : 'Connect'} ${name}`}
          >
            {reconnect ? 'Reconnect' : 'Connect'}
          </Button>
        </>
      )}
    </li>
  );
}
