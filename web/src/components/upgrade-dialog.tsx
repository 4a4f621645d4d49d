import { shellMessages } from '@shared/shell-messages';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import '@/styles/dialog.css';

/** The upgrade prompt's dialog (upgrade-prompt.tsx): its own chunk, fetched the first time it opens. */
export default function UpgradeDialog({
  open,
  onClose,
  onUpgrade,
}: {
  open: boolean;
  onClose: () => void;
  onUpgrade: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  if (!open) return null;
  return (
    // A click on the backdrop is a mouse-only shortcut: keyboard users close with Escape (onCancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby="upgrade-title"
      aria-describedby="upgrade-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <h2 id="upgrade-title" className="dialog__title">
          Upgrade to a paid plan
        </h2>
        <div id="upgrade-text" className="dialog__text">
          <p>{shellMessages.upgradeRequired}</p>
          <p className="muted" style={{ marginTop: 'var(--space-2)' }}>
            Paid plans schedule and publish your posts, and unlock SEO keywords and report rechecks.
          </p>
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button icon={<Sparkles size={16} aria-hidden />} onClick={onUpgrade}>
            Upgrade
          </Button>
        </div>
      </div>
    </dialog>
  );
}
