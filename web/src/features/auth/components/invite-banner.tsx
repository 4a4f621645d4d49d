import { displayCompanyName } from '@shared/schemas/company';
import { MailPlus } from 'lucide-react';
import { useInvitation } from '@/api/auth/get-invitation';
import './auth.css';

/** Shown on sign in and sign up while an inviteToken is in the address. */
export function InviteBanner({ inviteToken, action }: { inviteToken: string; action: string }) {
  const invitation = useInvitation(inviteToken);
  const company = invitation.data ? displayCompanyName(invitation.data.companyName) : null;
  return (
    <div className="invite-banner" role="status">
      <MailPlus size={18} aria-hidden />
      <p>
        {company ? (
          <>
            You have been invited to join <strong>{company}</strong>. {action}
          </>
        ) : (
          <>You have been invited to join a company. {action}</>
        )}
      </p>
    </div>
  );
}
