import type { ReactNode } from 'react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import './connection-row.css';

/**
 * One platform on the apps tab, whatever it is (spec 01 §2, §4): its mark, name and
 * description; once connected, what the connection works on (`details`) and a switch that
 * disconnects; else Connect, or Reconnect with the warning to show when the connection no
 * longer works. An account that offered several pages is not said to be connected until one
 * is chosen (`choosing`): the chooser, what is missing, and Cancel (which disconnects). Every
 * row of the tab is one of these. A role that may not manage apps sees the state as a badge,
 * without the switch or Connect.
 */
export function ConnectionRow({
  platform,
  name,
  description,
  mark,
  loading,
  connected,
  choosing,
  reconnect,
  details,
  warning,
  errors,
  onConnect,
  connecting,
  onDisconnect,
  disconnecting,
  children,
}: {
  /** `data-platform`, for tests and styles. */
  platform: string;
  name: string;
  description: string;
  mark: ReactNode;
  /** The status is loading: neither the switch nor Connect yet. */
  loading: boolean;
  connected: boolean;
  /** Connected, but the page or account it works on is still to be chosen: what to choose ("Choose a page"). */
  choosing?: string;
  /** The connection no longer works: Reconnect, and the warning. */
  reconnect: boolean;
  details?: ReactNode;
  /** Shown while the connection is to reconnect. */
  warning?: string;
  errors: (Error | null)[];
  onConnect: () => void;
  connecting?: boolean;
  onDisconnect: () => void;
  disconnecting: boolean;
  /** What the row opens (WordPress's site dialog). */
  children?: ReactNode;
}) {
  const switchId = useId();
  const mayManage = useMay('apps');
  return (
    <li className="platform connection" data-platform={platform}>
      {mark}
      <div className="platform__text">
        <span className="platform__name">{name}</span>
        <span className="platform__description">{description}</span>
        {connected ? details : null}
        {reconnect && warning ? <Alert type="warning">{warning}</Alert> : null}
        {errors.map((error, i) =>
          error ? (
            <p key={i} className="field__error">
              {errorMessage(error)}
            </p>
          ) : null,
        )}
      </div>
      {loading ? null : connected && choosing ? (
        <>
          <Badge tone="warning">{choosing}</Badge>
          {mayManage ? (
            <Button
              variant="ghost"
              size="sm"
              pending={disconnecting}
              onClick={onDisconnect}
              aria-label={`Cancel connecting ${name}`}
            >
              Cancel
            </Button>
          ) : null}
        </>
      ) : connected && !mayManage ? (
        <Badge tone="success">Connected</Badge>
      ) : connected ? (
        <div className="connection__switch">
          <label htmlFor={switchId} className="connection__switch-label">
            Connected
          </label>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="switch__input"
            checked
            disabled={disconnecting}
            aria-label={`${name} connected`}
            onChange={onDisconnect}
          />
        </div>
      ) : (
        <>
          <Badge tone={reconnect ? 'warning' : 'neutral'}>{reconnect ? 'Reconnect needed' : 'Not connected'}</Badge>
          {mayManage ? (
            <Button
              variant={reconnect ? 'primary' : 'secondary'}
              size="sm"
              pending={connecting}
              onClick={onConnect}
              aria-label={`${reconnect ? 'Reconnect' : 'Connect'} ${name}`}
            >
              {reconnect ? 'Reconnect' : 'Connect'}
            </Button>
          ) : null}
        </>
      )}
      {children}
    </li>
  );
}
