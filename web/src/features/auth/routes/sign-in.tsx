import { EMAIL_NOT_VERIFIED, loginSchema } from '@shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm, applyServerErrors } from '@/lib/forms';
import { useLogin } from '@/api/auth/login';
import { useVerifyEmail } from '@/api/auth/verify-email';
import { AuthLayout, FooterLink } from '@/features/auth/components/auth-layout';
import { EmailField } from '@/features/auth/components/email-field';
import { DevMailboxLink } from '@/features/auth/components/dev-mailbox-link';
import type { AuthNavigationState, Flash } from '@/features/auth/components/flash';
import { withInvite } from '@/features/auth/components/flash';
import { InviteBanner } from '@/features/auth/components/invite-banner';
import { Divider, SocialButtons } from '@/features/auth/components/social-buttons';
import '../components/auth.css';

/** Verifies the account when the page is opened from the email link (?code&id), then strips those params. */
function useLinkVerification(): Flash | null {
  const [params, setParams] = useSearchParams();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);
  const [result, setResult] = useState<Flash | null>(null);
  const code = params.get('code');
  const id = params.get('id');

  useEffect(() => {
    if (!code || !id || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        next.delete('id');
        return next;
      },
      { replace: true },
    );
    mutate(
      { code, id: /^\d+$/.test(id) ? Number(id) : id },
      {
        onSuccess: (answer) =>
          setResult({ type: 'success', text: answer.message || 'Your email is verified. You can sign in now.' }),
        onError: (error) => setResult({ type: 'error', text: errorMessage(error) }),
      },
    );
  }, [code, id, setParams, mutate]);

  if (verify.isPending) return { type: 'info', text: 'Verifying your email…' };
  return result;
}

export default function SignInRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as AuthNavigationState;
  const inviteToken = params.get('inviteToken');
  const message = params.get('message');
  const verification = useLinkVerification();
  const login = useLogin();
  const [failure, setFailure] = useState<{ text: string; unverified: boolean } | null>(null);

  const form = useSubmitOnlyForm(loginSchema, { email: state.email ?? '', password: '' });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const signedIn = await login.mutateAsync({
        email: values.email,
        password: values.password,
        ...(inviteToken ? { inviteToken } : {}),
      });
      // Signed in even when the invite failed: the app says why (app/layout/invite-error-notice.ts).
      const inviteError = signedIn.inviteError ? `?inviteError=${encodeURIComponent(signedIn.inviteError)}` : '';
      await navigate(`/${inviteError}`, { replace: true });
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 422 &&
        applyServerErrors(error, form.setErrors, ['email', 'password'])
      )
        return;
      setFailure({
        text: errorMessage(error),
        unverified: error instanceof ApiError && error.code === EMAIL_NOT_VERIFIED,
      });
    }
  });

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to plan and publish your marketing."
      footer={
        <>
          <FooterLink prompt="New here?" to={withInvite('/auth/register', inviteToken)}>
            Create an account
          </FooterLink>
          <DevMailboxLink />
        </>
      }
    >
      <div className="stack">
        {inviteToken ? <InviteBanner inviteToken={inviteToken} action="Sign in to accept the invite." /> : null}
        {message ? <Alert type="error">{message}</Alert> : null}
        {state.flash ? <Alert type={state.flash.type}>{state.flash.text}</Alert> : null}
        {verification ? (
          <Alert
            type={verification.type}
            action={
              verification.type === 'error' ? <Link to="/auth/verify">Resend verification email</Link> : undefined
            }
          >
            {verification.text}
          </Alert>
        ) : null}
        {failure ? (
          <Alert
            type="error"
            action={failure.unverified ? <Link to="/auth/verify">Resend verification email</Link> : undefined}
          >
            {failure.text}
          </Alert>
        ) : null}

        <SocialButtons inviteToken={inviteToken} />
        <Divider>or sign in with email</Divider>

        <form className="form" onSubmit={onSubmit} noValidate>
          <EmailField error={errors.email} {...form.register('email')} />
          <div className="field-with-link">
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errors.password}
              {...form.register('password')}
            />
            <Link className="field-link" to="/auth/forgot-password">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" block pending={login.isPending}>
            Sign in
          </Button>
        </form>
      </div>
    </AuthLayout>
  );
}
