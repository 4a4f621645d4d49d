import { requestResetSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { useRequestReset } from '@/features/auth/api/request-reset';
import { AuthLayout } from '@/features/auth/components/auth-layout';

export default function ForgotPasswordRoute() {
  const requestReset = useRequestReset();
  const form = useSubmitOnlyForm(requestResetSchema, { email: '' });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, form.setErrors, ['email']);
    }
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <span>
          Remembered it? <Link to="/auth">Back to sign in</Link>
        </span>
      }
    >
      {requestReset.isSuccess ? (
        <div className="stack">
          <Alert type="success" title="Check your inbox">
            {requestReset.data.message || 'If an account exists for that email, reset instructions are on their way.'}
          </Alert>
          <p className="muted">
            <MailCheck size={16} aria-hidden className="inline-icon" /> The link in the email lets you set a new
            password.
          </p>
        </div>
      ) : (
        <div className="stack">
          {requestReset.isError && !Object.keys(form.errors).length ? (
            <Alert type="error">{errorMessage(requestReset.error)}</Alert>
          ) : null}
          <form className="form" onSubmit={onSubmit} noValidate>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email}
              {...form.register('email')}
            />
            <Button type="submit" block pending={requestReset.isPending}>
              Send reset instructions
            </Button>
          </form>
        </div>
      )}
    </AuthLayout>
  );
}
