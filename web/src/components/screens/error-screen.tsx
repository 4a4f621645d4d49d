import { shellMessages } from '@shared/shell-messages';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MessageScreen } from './message-screen';

/** The generic error screen (spec 01 §2); Try again reloads the page the user was on. */
export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <MessageScreen icon={<TriangleAlert size={28} />} danger title={shellMessages.unknownError}>
      <p className="screen__text">Something went wrong on our side. Your data is safe; please try again.</p>
      <Button icon={<RotateCcw size={16} aria-hidden />} onClick={onRetry ?? (() => window.location.reload())}>
        Try again
      </Button>
    </MessageScreen>
  );
}
