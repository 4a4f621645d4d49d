import { WEBHOOK_NEEDS, type Webhook } from '@shared/schemas/public-api';
import { Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useDeleteWebhook, useHandOverWebhook, useSendTest } from '@/api/public-api/public-api';
import { EVENT_LABELS } from './create-webhook-form';
import { madeBy, MakerStatusBadge } from './maker-status-badge';
import { HandOverButton } from './hand-over-button';
import { DeliveryLog } from './delivery-log';

export function WebhookItem({ webhook, me }: { webhook: Webhook; me: number | undefined }) {
  const confirm = useConfirm();
  const remove = useDeleteWebhook();
  const handOver = useHandOverWebhook();
  const stopped = webhook.status !== 'active';
  const test = useSendTest(webhook.id);
  const [open, setOpen] = useState(false);
  const onDelete = async () => {
    const ok = await confirm({
      title: 'Delete this webhook?',
      description: `${webhook.url} gets no more events, and its delivery log goes.`,
      confirmLabel: 'Delete webhook',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(webhook.id, { onError: (error) => notify.error(errorMessage(error)) });
  };
  return (
    <li className="webhook">
      <div className="webhook__head">
        <div className="row__main">
          <span className="row__title webhook__url">{webhook.url}</span>
          <span className="row__meta">
            {madeBy(webhook.createdBy, me)}, {formatDateTime(webhook.createdAt)}
          </span>
          <span className="webhook__events">
            {webhook.events.map((e) => (
              <Badge key={e}>{EVENT_LABELS[e]}</Badge>
            ))}
            {stopped ? null : <MakerStatusBadge status="active" need={WEBHOOK_NEEDS} />}
          </span>
          {stopped ? (
            <>
              <MakerStatusBadge status={webhook.status} need={WEBHOOK_NEEDS} />
              <span className="row__meta api-status__hint">
                Its events are not sent until it is handed over; they stay in its log, to redeliver.
              </span>
            </>
          ) : null}
        </div>
        <div className="webhook__actions">
          <HandOverButton
            what="this webhook"
            maker={webhook.createdBy}
            status={webhook.status}
            me={me}
            pending={handOver.isPending}
            onHandOver={() =>
              handOver.mutate(webhook.id, {
                onSuccess: () => notify.success('The webhook now acts as you.'),
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          />
          <Button
            variant="secondary"
            size="sm"
            icon={<Send size={16} aria-hidden />}
            disabled={stopped}
            pending={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => {
                  setOpen(true);
                  notify.success('Test event sent.');
                },
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            Send test
          </Button>
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            icon={<Trash2 size={16} aria-hidden />}
            pending={remove.isPending}
            onClick={onDelete}
          >
            Delete
          </Button>
        </div>
      </div>
      {open ? <DeliveryLog webhook={webhook} /> : null}
    </li>
  );
}
