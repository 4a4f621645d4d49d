import './api-tab.css';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/** Settings → API & webhooks: the company's API keys and outgoing webhooks. */
export function ApiTab() {
  return (
    <div className="stack">
      <ApiKeysCard />
      <WebhooksCard />
    </div>
  );
}
