import { Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/api/auth/profile';
import { useWebhooks } from '@/api/public-api/public-api';
import { CreateWebhookForm } from './create-webhook-form';
import { SecretDialog } from './secret-dialog';
import { WebhookItem } from './webhook-item';

export function WebhooksCard() {
  const webhooks = useWebhooks();
  const me = useProfile().data?.id;
  const [secret, setSecret] = useState<string>();
  return (
    <Card
      title="Webhooks"
      description="We POST a signed JSON event to your address when a post is published or fails, and when a site audit finishes. Failed deliveries are retried for about ten hours."
    >
      <div className="stack">
        {webhooks.isPending ? (
          <Spinner size={20} label="Loading webhooks" />
        ) : webhooks.data?.length ? (
          <ul className="webhooks" aria-label="Webhooks">
            {webhooks.data.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} me={me} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={WebhookIcon} title="No webhooks yet" compact>
            Each webhook gets its own signing secret, shown once when you add it.
          </EmptyState>
        )}
        <CreateWebhookForm onCreated={setSecret} />
      </div>
      {secret ? (
        <SecretDialog title="Your webhook signing secret" secret={secret} onClose={() => setSecret(undefined)} />
      ) : null}
    </Card>
  );
}
