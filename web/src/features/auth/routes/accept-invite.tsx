import { messages } from '@shared/messages';
import { displayCompanyName } from '@shared/schemas/company';
import { Home, MailWarning, Users } from 'lucide-react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { MessageScreen } from '@/components/screens/message-screen';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from '@/api/auth/profile';
import { useAcceptInvite } from '@/api/auth/accept-invite';
import { useInvitation } from '@/api/auth/get-invitation';

function InviteProblem({ message }: { message: string }) {
  return (
    <MessageScreen icon={<MailWarning size={28} />} danger title={messages.inviteProblem}>
      <p className="screen__text">{message}</p>
      <p className="screen__text">{messages.inviteAskAgain}</p>
      <ButtonLink to="/" variant="secondary" icon={<Home size={16} aria-hidden />}>
        Back to homepage
      </ButtonLink>
    </MessageScreen>
  );
}

/** /auth/invite/{token}: public; a visitor who is not signed in is sent to sign up with the token. */
export default function AcceptInviteRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const profile = useProfile();
  const signedIn = Boolean(profile.data);
  const invitation = useInvitation(signedIn ? token : null);
  const accept = useAcceptInvite();

  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) throw profile.error;
  if (!signedIn) return <Navigate to={`/auth/register?inviteToken=${encodeURIComponent(token)}`} replace />;
  if (invitation.isPending) return <LoadingScreen />;
  if (invitation.isError) return <InviteProblem message={errorMessage(invitation.error)} />;
  if (accept.isError) return <InviteProblem message={errorMessage(accept.error)} />;

  const companyName = displayCompanyName(invitation.data.companyName);
  return (
    <MessageScreen icon={<Users size={28} />} eyebrow="You are invited" title={`Join ${companyName}`}>
      <p className="screen__text">
        Accept the invite to plan and publish content together with the {companyName} team.
      </p>
      <div className="screen__actions">
        <Button
          pending={accept.isPending}
          onClick={() =>
            accept.mutate(
              { companyId: invitation.data.companyID, token },
              { onSuccess: () => void navigate('/', { replace: true }) },
            )
          }
        >
          Accept invite
        </Button>
        <ButtonLink to="/" variant="secondary">
          Go back home
        </ButtonLink>
      </div>
    </MessageScreen>
  );
}
