import { shellMessages } from '@shared/shell-messages';
import { Compass, Home } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { MessageScreen } from './message-screen';

export function NotFoundScreen() {
  return (
    <MessageScreen icon={<Compass size={28} />} eyebrow="404" title={shellMessages.pageNotFound}>
      <p className="screen__text">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" icon={<Home size={16} aria-hidden />}>
        Home
      </ButtonLink>
    </MessageScreen>
  );
}
