import { registerSchema } from '@shared/schemas/auth';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { useRegister } from '@/features/auth/api/register';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { withInvite, type AuthNavigationState } from '@/features/auth/components/flash';
import { InviteBanner } from '@/features/auth/components/invite-banner';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'subscribed', 'accept_terms'] as const;

export default function SignUpRoute() {
  const [params] = useSearchParams();
  const inviteToken = params.get('inviteToken');
  const navigate = useNavigate();
  const registerUser = useRegister();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useSubmitOnlyForm(registerSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    subscribed: false,
    // The unticked box starts false; the schema accepts only true, so submitting it unticked fails.
    accept_terms: false,
  });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await registerUser.mutateAsync({ ...values, ...(inviteToken ? { inviteToken } : {}) });
      const state: AuthNavigationState = {
        email: values.email,
        flash: {
          type: 'success',
          text:
            answer.message ||
            (answer.verified
              ? 'Your account is ready. Sign in to continue.'
              : 'Your account has been created. Check your email for a verification link, then sign in.'),
        },
      };
      await navigate(withInvite('/auth', inviteToken), { state });
    } catch (error) {
      if (applyServerErrors(error, form.setErrors, FIELDS)) return;
      setFailure(errorMessage(error));
    }
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start planning your content in minutes."
      footer={
        <span>
          Already have an account? <Link to={withInvite('/auth', inviteToken)}>Sign in</Link>
        </span>
      }
    >
      <div className="stack">
        {inviteToken ? (
          <InviteBanner inviteToken={inviteToken} action="Create an account to accept the invite." />
        ) : null}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <form className="form" onSubmit={onSubmit} noValidate>
          <div className="form-row">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName}
              {...form.register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.password}
            {...form.register('password')}
          />
          <Checkbox label="Subscribe to our weekly newsletter" {...form.register('subscribed')} />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <a href="/terms.html" target="_blank" rel="noreferrer">
                  terms and conditions
                </a>
              </>
            }
            error={errors.accept_terms}
            {...form.register('accept_terms')}
          />
          <Button type="submit" block pending={registerUser.isPending}>
            Create account
          </Button>
        </form>
      </div>
    </AuthLayout>
  );
}
