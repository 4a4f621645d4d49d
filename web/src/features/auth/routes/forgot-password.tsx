import { requestResetSchema } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { useRequestReset } from '@/api/auth/request-reset';
import { AuthLayout, FooterLink } from '@/features/auth/components/auth-layout';
import { EmailRequestForm } from '@/features/auth/components/email-request-form';

export default function ForgotPasswordRoute() {
  const requestReset = useRequestReset();

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={
        <FooterLink prompt="Remembered it?" to="/auth">
          Back to sign in
        </FooterLink>
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
          <EmailRequestForm schema={requestResetSchema} request={requestReset} submitLabel="Send reset instructions" />
        </div>
      )}
    </AuthLayout>
  );
}
