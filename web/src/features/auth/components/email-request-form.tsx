import type { $ZodType } from 'zod/v4/core';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { EmailField } from '@/features/auth/components/email-field';

interface EmailRequest {
  mutateAsync: (values: { email: string }) => Promise<unknown>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** A form that asks for an email and sends it (reset instructions, a new verification link). */
export function EmailRequestForm({
  schema,
  request,
  submitLabel,
}: {
  schema: $ZodType<{ email: string }>;
  request: EmailRequest;
  submitLabel: string;
}) {
  const form = useSubmitOnlyForm(schema, { email: '' });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, form.setErrors, ['email']);
    }
  });

  return (
    <>
      {request.isError && !Object.keys(errors).length ? (
        <Alert type="error">{errorMessage(request.error)}</Alert>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField error={errors.email} {...form.register('email')} />
        <Button type="submit" block pending={request.isPending}>
          {submitLabel}
        </Button>
      </form>
    </>
  );
}
