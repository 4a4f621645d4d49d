import { resendVerifySchema } from '@shared/schemas/auth';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { AuthLayout } from '@/features/auth/components/auth-layout';

export default function ResendVerificationRoute() {
  const resend = useResendVerification();
  const form = useSubmitOnlyForm(resendVerifySchema, { email: '' });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resend.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, form.setErrors, ['email']);
    }
  });

  return (
    <AuthLayout
      title="Resend verification email"
      subtitle="We will send a new verification link to your inbox."
      footer={
        <span>
          Already verified? <Link to="/auth">Sign in</Link>
        </span>
      }
    >
      <div className="stack">
        {resend.isSuccess ? (
          <Alert type="success">{resend.data.message || 'A new verification link is on its way.'}</Alert>
        ) : null}
        {resend.isError && !Object.keys(errors).length ? (
          <Alert type="error">{errorMessage(resend.error)}</Alert>
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
          <Button type="submit" block pending={resend.isPending}>
            Resend verification email
          </Button>
        </form>
      </div>
    </AuthLayout>
  );
}
