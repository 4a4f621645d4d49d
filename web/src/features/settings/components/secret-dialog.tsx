import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { notify } from '@/lib/toast';

/** A secret shown once: selectable, copyable, and said plainly that it will not come back. */
export function SecretDialog({ title, secret, onClose }: { title: string; secret: string; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Copied.');
    } catch {
      notify.error('Copy it by hand: select the text and copy it.');
    }
  };
  return (
    <Dialog
      title={title}
      description="Copy it now and keep it somewhere safe. It is shown only this once: we store no copy we could show you again."
      onClose={onClose}
      closeOnBackdrop={false}
    >
      <div className="secret">
        <TextField
          label="Secret"
          readOnly
          value={secret}
          className="secret__value"
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" icon={<Copy size={16} aria-hidden />} onClick={copy}>
          Copy
        </Button>
      </div>
      <div className="dialog__actions">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
