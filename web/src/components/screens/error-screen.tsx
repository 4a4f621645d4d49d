import { messages } from '@shared/messages';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';

/** The generic error screen (spec 01 §2); Try again reloads the page the user was on. */
export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <main className="screen">
      <div className="screen__panel">
        <span className="screen__icon screen__icon--danger" aria-hidden>
          <TriangleAlert size={28} />
        </span>
        <h1 className="screen__title">{messages.unknownError}</h1>
        <p className="screen__text">Something went wrong on our side. Your data is safe; please try again.</p>
        <Button icon={<RotateCcw size={16} aria-hidden />} onClick={onRetry ?? (() => window.location.reload())}>
          Try again
        </Button>
      </div>
    </main>
  );
}
