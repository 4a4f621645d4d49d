import { resendVerifySchema } from '@shared/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { useResendVerification } from '@/api/auth/resend-verification';
import { AuthLayout, FooterLink } from '@/features/auth/components/auth-layout';
import { EmailRequestForm } from '@/features/auth/components/email-request-form';

export default function ResendVerificationRoute() {
  const resend = useResendVerification();

  return (
    <AuthLayout
      title="Resend verification email"
      subtitle="We will send a new verification link to your inbox."
      footer={
        <FooterLink prompt="Already verified?" to="/auth">
          Sign in
        </FooterLink>
      }
    >
      <div className="stack">
        {resend.isSuccess ? (
          <Alert type="success">{resend.data.message || 'A new verification link is on its way.'}</Alert>
        ) : null}
        <EmailRequestForm schema={resendVerifySchema} request={resend} submitLabel="Resend verification email" />
      </div>
    </AuthLayout>
  );
}
