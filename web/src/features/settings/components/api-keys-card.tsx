import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/api/auth/profile';
import { useApiKeys } from '@/api/public-api/public-api';
import { SecretDialog } from './secret-dialog';
import { CreateKeyForm } from './create-key-form';
import { KeyRow } from './key-row';

export function ApiKeysCard() {
  const keys = useApiKeys();
  const me = useProfile().data?.id;
  const [secret, setSecret] = useState<string>();
  return (
    <Card
      title="API keys"
      description={
        <>
          Let your own tools read and write this company’s posts, media, reports and audit through the public API.{' '}
          <a className="api-reference" href="/api/public/v1/openapi.json" target="_blank" rel="noreferrer">
            API reference (OpenAPI)
          </a>
        </>
      }
    >
      <div className="stack">
        {keys.isPending ? (
          <Spinner size={20} label="Loading API keys" />
        ) : keys.data?.length ? (
          <ul className="rows" aria-label="API keys">
            {keys.data.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} me={me} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={KeyRound} title="No API keys yet" compact>
            A key is shown once when you create it. Each may make 60 requests a minute, and acts as you: it stops if you
            leave the company or your role no longer allows what it does.
          </EmptyState>
        )}
        <CreateKeyForm onCreated={setSecret} />
      </div>
      {secret ? <SecretDialog title="Your new API key" secret={secret} onClose={() => setSecret(undefined)} /> : null}
    </Card>
  );
}
