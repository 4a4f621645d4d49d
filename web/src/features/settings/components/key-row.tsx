import { API_KEY_NEEDS, type ApiKey } from '@shared/schemas/public-api';
import { Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useHandOverApiKey, useRevokeApiKey } from '@/api/public-api/public-api';
import { madeBy, MakerStatusBadge } from './maker-status-badge';
import { HandOverButton } from './hand-over-button';

export function KeyRow({ apiKey, me }: { apiKey: ApiKey; me: number | undefined }) {
  const confirm = useConfirm();
  const revoke = useRevokeApiKey();
  const handOver = useHandOverApiKey();
  const onRevoke = async () => {
    const ok = await confirm({
      title: `Revoke ${apiKey.name}?`,
      description: 'Anything using this key is refused from its next request. This cannot be undone.',
      confirmLabel: 'Revoke key',
      destructive: true,
    });
    if (!ok) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => notify.success(`${apiKey.name} has been revoked.`),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <li className="row api-item">
      <div className="row__main">
        <span className="row__title">
          {apiKey.name}
          <Badge tone={apiKey.scope === 'write' ? 'warning' : 'neutral'}>
            {apiKey.scope === 'write' ? 'Read and write' : 'Read only'}
          </Badge>
          {apiKey.status === 'active' ? <MakerStatusBadge status="active" need={API_KEY_NEEDS[apiKey.scope]} /> : null}
        </span>
        <span className="row__meta">
          <code>{apiKey.prefix}…</code> · {madeBy(apiKey.createdBy, me)}, {formatDateTime(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `last used ${formatDateTime(apiKey.lastUsedAt)}` : 'never used'}
        </span>
        {apiKey.status !== 'active' ? (
          <MakerStatusBadge status={apiKey.status} need={API_KEY_NEEDS[apiKey.scope]} />
        ) : null}
      </div>
      <div className="api-item__actions">
        <HandOverButton
          what={apiKey.name}
          maker={apiKey.createdBy}
          status={apiKey.status}
          me={me}
          pending={handOver.isPending}
          onHandOver={() =>
            handOver.mutate(apiKey.id, {
              onSuccess: () => notify.success(`${apiKey.name} now acts as you.`),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        />
        <Button
          variant="danger-ghost"
          size="sm"
          icon={<Trash2 size={16} aria-hidden />}
          pending={revoke.isPending}
          onClick={onRevoke}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}
