import { API_KEY_SCOPES, createApiKeySchema } from '@shared/schemas/public-api';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useCreateApiKey } from '@/api/public-api/public-api';

export function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
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
