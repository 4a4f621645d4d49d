import { type Webhook, type WebhookDelivery } from '@shared/schemas/public-api';
import { RotateCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useDeliveries, useRedeliver } from '@/api/public-api/public-api';

const deliveryTone = { delivered: 'success', pending: 'accent', failed: 'danger' } as const;

export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver(webhook.id);
  if (deliveries.isPending) return <Spinner size={20} label="Loading deliveries" />;
  if (!deliveries.data?.length) return <p className="muted">No deliveries yet. Send a test to see one here.</p>;
  const last = (d: WebhookDelivery) => d.attempts.at(-1);
  return (
    <ul className="rows deliveries" aria-label={`Deliveries to ${webhook.url}`}>
      {deliveries.data.map((d) => (
        <li key={d.id} className="row">
          <div className="row__main">
            <span className="row__title">
              <code>{d.event}</code>
              <Badge tone={deliveryTone[d.status]}>{d.status}</Badge>
            </span>
            <span className="row__meta">
              {formatDateTime(d.createdAt)} · {d.attempts.length} attempt{d.attempts.length === 1 ? '' : 's'}
              {last(d) ? ` · ${last(d)?.status ?? 'no answer'}${last(d)?.error ? `: ${last(d)?.error}` : ''}` : ''}
              {d.nextAttemptAt && d.attempts.length ? ` · next try ${formatDateTime(d.nextAttemptAt)}` : ''}
            </span>
          </div>
          {d.status !== 'pending' ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<RotateCw size={16} aria-hidden />}
              disabled={redeliver.isPending}
              onClick={() =>
                redeliver.mutate(d.id, {
                  onSuccess: () => notify.success('Sent again.'),
                  onError: (error) => notify.error(errorMessage(error)),
                })
              }
            >
              Redeliver
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
