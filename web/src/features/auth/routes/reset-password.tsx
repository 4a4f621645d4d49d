import { passwordField } from '@shared/schemas/fields';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { useConsumeReset } from '@/api/auth/consume-reset';
import { AuthLayout, FooterLink } from '@/features/auth/components/auth-layout';
import type { AuthNavigationState } from '@/features/auth/components/flash';

/** The form's part of consumeResetSchema; id and token come from the link. */
const resetFormSchema = z.object({ password: passwordField(), revokeApiKeys: z.boolean() });

export default function ResetPasswordRoute() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const consumeReset = useConsumeReset();
  const form = useSubmitOnlyForm(resetFormSchema, { password: '', revokeApiKeys: false });
  const { errors } = form;

  const { onSubmit, failure } = useSubmitWithFailure(
    form,
    ['password', 'revokeApiKeys'],
    async ({ password, revokeApiKeys }) => {
      const answer = await consumeReset.mutateAsync({ id: Number(id), token, password, revokeApiKeys });
      const state: AuthNavigationState = {
        flash: {
          type: 'success',
          text: answer.message || 'Your password has been changed. Sign in with your new password.',
        },
      };
      await navigate('/auth', { replace: true, state });
    },
  );

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters."
      footer={<FooterLink to="/auth">Back to sign in</FooterLink>}
    >
      <div className="stack">
        {failure ? (
          <Alert type="error" action={<Link to="/auth/forgot-password">Request a new link</Link>}>
            {failure}
          </Alert>
        ) : null}
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            {...form.register('password')}
          />
          <Checkbox
            label="Also revoke the API keys I made"
            hint="If someone may have had your password, they may have made keys too. Anything using your keys stops working."
            {...form.register('revokeApiKeys')}
          />
          <Button type="submit" block pending={consumeReset.isPending}>
            Change password
          </Button>
        </form>
      </div>
    </AuthLayout>
  );
}
