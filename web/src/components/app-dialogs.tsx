import { shellMessages } from '@shared/shell-messages';
import { Sparkles } from 'lucide-react';
import { Button } from './ui/button';
import type { ConfirmOptions } from './ui/confirm-dialog';
import { Dialog } from './ui/dialog';

/**
 * The two dialogs any page may open: the confirm dialog (ui/confirm-dialog.tsx) and the upgrade
 * prompt (upgrade-prompt.tsx). One lazy component for both, fetched the first time either opens,
 * so the first load of every page carries one import for them.
 */
export default function AppDialog(
  props:
    | { confirm: ConfirmOptions; onClose: (ok: boolean) => void }
    | { upgrade: { onClose: () => void; onUpgrade: () => void } },
) {
  return 'confirm' in props ? (
    <ConfirmDialogView options={props.confirm} onClose={props.onClose} />
  ) : (
    <UpgradeDialog {...props.upgrade} />
  );
}

function ConfirmDialogView({ options, onClose }: { options: ConfirmOptions; onClose: (ok: boolean) => void }) {
  return (
    <Dialog title={options.title} description={options.description} onClose={() => onClose(false)}>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={() => onClose(false)}>
          {options.cancelLabel ?? 'Cancel'}
        </Button>
        <Button variant={options.destructive ? 'danger' : 'primary'} onClick={() => onClose(true)}>
          {options.confirmLabel ?? 'Confirm'}
        </Button>
      </div>
    </Dialog>
  );
}

function UpgradeDialog({ onClose, onUpgrade }: { onClose: () => void; onUpgrade: () => void }) {
  return (
    <Dialog
      title="Upgrade to a paid plan"
      description={
        <>
          <p>{shellMessages.upgradeRequired}</p>
          <p className="muted" style={{ marginTop: 'var(--space-2)' }}>
            Paid plans schedule and publish your posts, and unlock SEO keywords and report rechecks.
          </p>
        </>
      }
      onClose={onClose}
    >
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        <Button icon={<Sparkles size={16} aria-hidden />} onClick={onUpgrade}>
          Upgrade
        </Button>
      </div>
    </Dialog>
  );
}
