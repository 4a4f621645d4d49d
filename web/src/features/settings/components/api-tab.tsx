import { PERMISSIONS, type Permission } from '@shared/permissions';
import {
  API_KEY_NEEDS,
  API_KEY_SCOPES,
  createApiKeySchema,
  createWebhookSchema,
  publicApiMessages,
  WEBHOOK_EVENTS,
  WEBHOOK_NEEDS,
  type ApiKey,
  type Maker,
  type MakerStatus,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@shared/schemas/public-api';
import { Copy, KeyRound, Plus, RotateCw, Send, Trash2, UserCheck, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod/mini';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from '@/lib/auth';
import { formatDateTime } from '@/lib/format-date';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import {
  useApiKeys,
  useCreateApiKey,
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useHandOverApiKey,
  useHandOverWebhook,
  useRedeliver,
  useRevokeApiKey,
  useSendTest,
  useWebhooks,
} from '@/features/settings/api/public-api';
import './api-tab.css';

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'Post published',
  'post.failed': 'Post failed',
  'audit.finished': 'Site audit finished',
};

/** What a maker's role lost, in words that fit "can no longer …". */
const NEED_WORDS: Partial<Record<Permission, string>> = { view: 'see the company’s data' };

function stoppedText(status: Exclude<MakerStatus, 'active'>, need: Permission) {
  if (status === 'maker-left') return 'Stopped: its maker left the company';
  return `Stopped: its maker’s role can no longer ${NEED_WORDS[need] ?? PERMISSIONS[need].action}`;
}

/** A key or webhook acts as its maker, so whether it works is theirs to lose. */
function MakerStatusBadge({ status, need }: { status: MakerStatus; need: Permission }) {
  if (status === 'active') return <Badge tone="success">Active</Badge>;
  return (
    <span className="api-status">
      <Badge tone="danger">{stoppedText(status, need)}</Badge>
    </span>
  );
}

const madeBy = (maker: Maker, me: number | undefined) =>
  !maker ? 'maker unknown' : maker.id === me ? 'made by you' : `made by ${maker.name}`;

/**
 * Hand over to me: offered for a stopped key or webhook, and for one made by someone else.
 * Confirmed first: from then on it acts as the caller, with their role.
 */
function HandOverButton({
  what,
  maker,
  status,
  me,
  pending,
  onHandOver,
}: {
  what: string;
  maker: Maker;
  status: MakerStatus;
  me: number | undefined;
  pending: boolean;
  onHandOver: () => void;
}) {
  const confirm = useConfirm();
  if (status === 'active' && (!maker || maker.id === me)) return null;
  const onClick = async () => {
    const ok = await confirm({
      title: `Hand ${what} over to you?`,
      description:
        status === 'active'
          ? `From now on it acts as you, with your role, instead of ${maker?.name ?? 'its maker'}.`
          : 'It works again at once, acting as you, with your role.',
      confirmLabel: 'Hand over to me',
    });
    if (ok) onHandOver();
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<UserCheck size={16} aria-hidden />}
      pending={pending}
      onClick={onClick}
    >
      Hand over to me
    </Button>
  );
}

/** A secret shown once: selectable, copyable, and said plainly that it will not come back. */
function SecretDialog({ title, secret, onClose }: { title: string; secret: string; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Copied.');
    } catch {
      notify.error('Copy it by hand: select the text and copy it.');
    }
  };
  return (
    <Dialog
      title={title}
      description="Copy it now and keep it somewhere safe. It is shown only this once: we store no copy we could show you again."
      onClose={onClose}
      closeOnBackdrop={false}
    >
      <div className="secret">
        <TextField
          label="Secret"
          readOnly
          value={secret}
          className="secret__value"
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" icon={<Copy size={16} aria-hidden />} onClick={copy}>
          Copy
        </Button>
      </div>
      <div className="dialog__actions">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateApiKey();
  const form = useSubmitOnlyForm(createApiKeySchema, { name: '', scope: 'read' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const made = await create.mutateAsync(values);
      form.reset();
      onCreated(made.secret);
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, ['name', 'scope'])) notify.error(errorMessage(error));
    }
  });
  return (
    <form className="api-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Key name"
        placeholder="e.g. Zapier"
        error={form.errors.name}
        fieldClassName="api-form__grow"
        {...form.register('name')}
      />
      <SelectField label="Access" error={form.errors.scope} {...form.register('scope')}>
        {API_KEY_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {scope === 'read' ? 'Read only' : 'Read and write'}
          </option>
        ))}
      </SelectField>
      <Button type="submit" icon={<Plus size={16} aria-hidden />} pending={create.isPending}>
        Create key
      </Button>
    </form>
  );
}

function KeyRow({ apiKey, me }: { apiKey: ApiKey; me: number | undefined }) {
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

function ApiKeysCard() {
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

const deliveryTone = { delivered: 'success', pending: 'accent', failed: 'danger' } as const;

function DeliveryLog({ webhook }: { webhook: Webhook }) {
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

function WebhookItem({ webhook, me }: { webhook: Webhook; me: number | undefined }) {
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

const webhookFormSchema = z.object({ url: createWebhookSchema.shape.url });

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const form = useSubmitOnlyForm(webhookFormSchema, { url: '' });
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [eventsError, setEventsError] = useState<string>();
  const onSubmit = form.handleSubmit(async ({ url }) => {
    if (!events.length) {
      setEventsError(publicApiMessages.eventsRequired);
      return;
    }
    setEventsError(undefined);
    try {
      const made = await create.mutateAsync({ url, events });
      form.reset();
      onCreated(made.secret);
    } catch (error) {
      if (!applyServerErrors(error, form.setErrors, ['url'])) notify.error(errorMessage(error));
    }
  });
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <TextField
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks"
        error={form.errors.url}
        {...form.register('url')}
      />
      <fieldset className="api-events">
        <legend className="field__label">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            label={EVENT_LABELS[event]}
            checked={events.includes(event)}
            onChange={(e) =>
              setEvents((list) => (e.target.checked ? [...list, event] : list.filter((x) => x !== event)))
            }
          />
        ))}
        {eventsError ? (
          <p className="field__error" role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" icon={<Plus size={16} aria-hidden />} pending={create.isPending}>
          Add webhook
        </Button>
      </div>
    </form>
  );
}

function WebhooksCard() {
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

/** Settings → API & webhooks: the company's API keys and outgoing webhooks. */
export function ApiTab() {
  return (
    <div className="stack">
      <ApiKeysCard />
      <WebhooksCard />
    </div>
  );
}
