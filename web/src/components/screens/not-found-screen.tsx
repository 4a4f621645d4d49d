import { messages } from '@shared/messages';
import { Compass, Home } from 'lucide-react';
import { ButtonLink } from '../ui/button';

export function NotFoundScreen() {
  return (
    <main className="screen">
      <div className="screen__panel">
        <span className="screen__icon" aria-hidden>
          <Compass size={28} />
        </span>
        <p className="screen__code">404</p>
        <h1 className="screen__title">{messages.pageNotFound}</h1>
        <p className="screen__text">The page you are looking for does not exist or has moved.</p>
        <ButtonLink to="/" icon={<Home size={16} aria-hidden />}>
          Home
        </ButtonLink>
      </div>
    </main>
  );
}
