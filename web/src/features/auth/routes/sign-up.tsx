import { registerSchema } from '@shared/schemas/auth';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NameFields } from '@/components/account/name-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Checkbox, TextField } from '@/components/ui/field';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { useRegister } from '@/api/auth/register';
import { AuthLayout, FooterLink } from '@/features/auth/components/auth-layout';
import { EmailField } from '@/features/auth/components/email-field';
import { withInvite, type AuthNavigationState } from '@/features/auth/components/flash';
import { InviteBanner } from '@/features/auth/components/invite-banner';
import { useInvitation } from '@/api/auth/get-invitation';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'subscribed', 'accept_terms'] as const;

export default function SignUpRoute() {
  const [params] = useSearchParams();
  const inviteToken = params.get('inviteToken');
  const invitation = useInvitation(inviteToken);
  // An invite's form starts with the address it was sent to, so it waits for the invite's answer
  // (a refused token is the banner's to say; the form then starts empty).
  if (inviteToken && invitation.isPending)
    return (
      <AuthLayout title="Create your account">
        <Spinner label="Loading your invite" />
      </AuthLayout>
    );
  return <SignUpForm inviteToken={inviteToken} invitedEmail={invitation.data?.email} />;
}

function SignUpForm({ inviteToken, invitedEmail }: { inviteToken: string | null; invitedEmail?: string }) {
  const navigate = useNavigate();
  const registerUser = useRegister();

  const form = useSubmitOnlyForm(registerSchema, {
    firstName: '',
    lastName: '',
    email: invitedEmail ?? '',
    password: '',
    subscribed: false,
    // The unticked box starts false; the schema accepts only true, so submitting it unticked fails.
    accept_terms: false,
  });
  const { errors } = form;

  const { onSubmit, failure } = useSubmitWithFailure(form, FIELDS, async (values) => {
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
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start planning your content in minutes."
      footer={
        <FooterLink prompt="Already have an account?" to={withInvite('/auth', inviteToken)}>
          Sign in
        </FooterLink>
      }
    >
      <div className="stack">
        {inviteToken ? (
          <InviteBanner inviteToken={inviteToken} action="Create an account to accept the invite." />
        ) : null}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <form className="form" onSubmit={onSubmit} noValidate>
          <NameFields form={form} />
          <EmailField
            error={errors.email}
            hint={
              invitedEmail
                ? 'The address your invite was sent to. Another works too: you then confirm it by email.'
                : undefined
            }
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
