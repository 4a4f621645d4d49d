import { messages } from '@shared/messages';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUpgradeRequired } from '@/lib/api-client';
import { Button } from '@/components/ui/button';

/**
 * The upgrade prompt (spec 01 §4, §6): what every gated action shows without a paid plan, with
 * an Upgrade button to billing settings. One prompt for the whole app: any call answered 402
 * UPGRADE_REQUIRED opens it (app/provider.tsx), and a screen that knows in advance can open it
 * itself with `openUpgradePrompt()`.
 */
let isOpen = false;
const listeners = new Set<() => void>();
const setOpen = (value: boolean) => {
  isOpen = value;
  for (const listener of listeners) listener();
};

export const openUpgradePrompt = () => setOpen(true);
export const closeUpgradePrompt = () => setOpen(false);

/** For a mutation's onError: opens the prompt for a 402 and says so, so the caller shows no second message. */
export function promptIfUpgradeRequired(error: unknown): boolean {
  if (!isUpgradeRequired(error)) return false;
  openUpgradePrompt();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Mounted once inside the router (app/root-layout.tsx), so Upgrade can navigate. */
export function UpgradePromptHost() {
  const open = useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
  const navigate = useNavigate();
  return (
    <UpgradePrompt
      open={open}
      onClose={closeUpgradePrompt}
      onUpgrade={() => {
        closeUpgradePrompt();
        void navigate('/settings/billing');
      }}
    />
  );
}

export function UpgradePrompt({
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
          <p>{messages.upgradeRequired}</p>
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
