import { ArrowLeft, RadioTower, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useSandboxRequests } from '@/api/dev/get-sandbox-requests';
import '../mailbox.css';

const PLATFORM_NAMES: Record<string, string> = {
  meta: 'Facebook / Instagram',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  wordpress: 'WordPress',
  google: 'Google',
};

/**
 * The calls that make a post appear on a platform (Facebook feed, Instagram and Threads publish,
 * LinkedIn posts, a WordPress site's or WordPress.com blog's posts).
 */
const PUBLISH_CALL = /\/(feed|media_publish|threads_publish|rest\/posts|wp\/v2\/(sites\/[^/]+\/)?posts)$/;
const published = (row: { method: string; path: string; status: number }) =>
  row.method === 'POST' && row.status < 300 && PUBLISH_CALL.test(row.path);

/**
 * What each sandbox platform received (local runtime only), newest first: the consent pages,
 * token exchanges and API calls the app made, with secrets blanked by the sandbox.
 */
export default function SandboxPlatformsRoute() {
  const requests = useSandboxRequests();
  const rows = requests.data ?? [];
  return (
    <div className="mailbox">
      <header className="mailbox__header">
        <div className="mailbox__title">
          <RadioTower size={20} aria-hidden />
          <h1>Sandbox platforms</h1>
          <span className="badge badge--warning">Local only</span>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Refresh"
          icon={<RefreshCw size={16} />}
          onClick={() => void requests.refetch()}
        />
        <Link to="/settings/apps" className="back-link">
          <ArrowLeft size={14} aria-hidden /> Back to the apps
        </Link>
      </header>
      <div className="mailbox__error">
        {requests.isError ? (
          <Alert type="error" title="The sandbox platforms are not available">
            {errorMessage(requests.error)} They exist only on the local runtime (npm start).
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState compact icon={RadioTower} title={requests.isPending ? 'Loading…' : 'Nothing received yet'}>
            {requests.isPending ? null : 'Connect an app from Settings → Applications: its calls are listed here.'}
          </EmptyState>
        ) : (
          <table className="table">
            <caption className="visually-hidden">Calls the sandbox platforms received, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Platform</th>
                <th scope="col">Call</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={`${row.at}-${String(i)}`}>
                  <td>
                    <time dateTime={row.at}>{formatDateTime(row.at)}</time>
                  </td>
                  <td>{PLATFORM_NAMES[row.platform] ?? row.platform}</td>
                  <td>
                    <code>
                      {row.method} {row.path}
                    </code>
                    {Object.keys(row.query).length ? (
                      <div className="field__hint">
                        {Object.entries(row.query)
                          .map(([k, v]) => `${k}=${v}`)
                          .join(' ')}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {row.status}
                    {published(row) ? <span className="badge badge--success">Post published</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
