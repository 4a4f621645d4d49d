import { createWebhookSchema, WEBHOOK_EVENTS, type WebhookEvent } from '@shared/schemas/public-api';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useCreateWebhook } from '@/api/public-api/public-api';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'Post published',
  'post.failed': 'Post failed',
  'audit.finished': 'Site audit finished',
  'import.finished': 'CSV import finished',
};

export function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const form = useSubmitOnlyForm(createWebhookSchema, { url: '', events: [...WEBHOOK_EVENTS] as WebhookEvent[] });
  const events = form.bind('events');
  const onSubmit = form.handleSubmit(async ({ url, events: chosen }) => {
    try {
      const made = await create.mutateAsync({ url, events: chosen });
      // The address is cleared for the next webhook; the chosen events stay.
      form.reset({ url: '', events: chosen });
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
        {WEBHOOK_EVENTS.map((event, i) => (
          <Checkbox
            key={event}
            ref={i === 0 ? events.inputRef : undefined}
            label={EVENT_LABELS[event]}
            checked={events.value.includes(event)}
            onChange={(e) =>
              events.onChange(e.target.checked ? [...events.value, event] : events.value.filter((x) => x !== event))
            }
          />
        ))}
        {form.errors.events ? (
          <p className="field__error" role="alert">
            {form.errors.events}
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
