import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { loadChunk } from '@/lib/load-chunk';
import { useWordPressDisconnect, useWordPressStatus } from '../api/apps';
import { AppSwitch } from './app-switch';
import './social-app.css';

/** The site dialog is fetched the first time Connect is pressed. */
const WordPressConnectDialog = lazy(() => loadChunk(() => import('./wordpress-connect-dialog')));

/**
 * WordPress on the apps tab: Connect asks for the site (spec 01 §5), then the browser goes to
 * the site's authorize-application page (or WordPress.com's); once connected, the site's name
 * and address and a switch that disconnects.
 */
export function WordPressApp({ mark, inviteToken }: { mark: ReactNode; inviteToken?: string }) {
  const status = useWordPressStatus();
  const disconnect = useWordPressDisconnect();
  const [asking, setAsking] = useState(false);
  const connected = status.data?.connected === true;
  const reconnect = status.data?.reconnect === true;
  const site = status.data?.profile;

  return (
    <li className="platform social-app" data-platform="wordpress">
      {mark}
      <div className="platform__text">
        <span className="platform__name">WordPress</span>
        <span className="platform__description">Publish blog posts to your WordPress site.</span>
        {connected && site ? (
          <span className="social-app__profile-name">
            {site.name} <span className="muted">({site.id.replace(/^https?:\/\//, '')})</span>
          </span>
        ) : null}
        {reconnect ? (
          <Alert type="warning">{status.data?.message ?? 'Reconnect WordPress to keep publishing.'}</Alert>
        ) : null}
        {status.error ? <p className="field__error">{errorMessage(status.error)}</p> : null}
        {disconnect.error ? <p className="field__error">{errorMessage(disconnect.error)}</p> : null}
      </div>
      {status.isPending ? null : connected ? (
        <AppSwitch name="WordPress" pending={disconnect.isPending} onOff={() => disconnect.mutate()} />
      ) : (
        <>
          <Badge tone={reconnect ? 'warning' : 'neutral'}>{reconnect ? 'Reconnect needed' : 'Not connected'}</Badge>
          <Button
            variant={reconnect ? 'primary' : 'secondary'}
            size="sm"
            onClick={() => setAsking(true)}
            aria-label={`${reconnect ? 'Reconnect' : 'Connect'} WordPress`}
          >
            {reconnect ? 'Reconnect' : 'Connect'}
          </Button>
        </>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <WordPressConnectDialog inviteToken={inviteToken} initialSite={site?.id} onClose={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </li>
  );
}
