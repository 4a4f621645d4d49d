import { lazy, Suspense, useState, type ReactNode } from 'react';
import { loadChunk } from '@/lib/load-chunk';
import { useWordPressDisconnect, useWordPressStatus } from '@/api/integrations/connections';
import { ConnectionRow } from './connection-row';

/** The site dialog is fetched the first time Connect is pressed. */
const WordPressConnectDialog = lazy(() => loadChunk(() => import('./wordpress-connect-dialog')));

/**
 * WordPress: Connect asks for the site (spec 01 §5), then the browser goes to the site's
 * authorize-application page (or WordPress.com's); once connected, the site's name and address.
 */
export function WordPressApp({ mark, inviteToken }: { mark: ReactNode; inviteToken?: string }) {
  const status = useWordPressStatus();
  const disconnect = useWordPressDisconnect();
  const [asking, setAsking] = useState(false);
  const site = status.data?.profile;
  return (
    <ConnectionRow
      platform="wordpress"
      name="WordPress"
      description="Publish blog posts to your WordPress site."
      mark={mark}
      loading={status.isPending}
      connected={status.data?.connected === true}
      reconnect={status.data?.reconnect === true}
      details={
        site ? (
          <span className="connection__profile-name">
            {site.name} <span className="muted">({site.id.replace(/^https?:\/\//, '')})</span>
          </span>
        ) : null
      }
      warning={status.data?.message ?? 'Reconnect WordPress to keep publishing.'}
      errors={[status.error, disconnect.error]}
      onConnect={() => setAsking(true)}
      onDisconnect={() => disconnect.mutate()}
      disconnecting={disconnect.isPending}
    >
      {asking ? (
        <Suspense fallback={null}>
          <WordPressConnectDialog inviteToken={inviteToken} initialSite={site?.id} onClose={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </ConnectionRow>
  );
}
