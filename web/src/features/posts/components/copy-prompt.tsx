import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import '@/styles/dialog.css';

/**
 * Spec 01 §4: a blog post for anything other than a connected WordPress is published by hand;
 * Publish Now offers its title and text on the clipboard instead.
 */
export function CopyPrompt({ text, onClose }: { text: string | null; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (text !== null && dialog && !dialog.open) dialog.showModal();
  }, [text]);
  if (text === null) return null;
  const close = () => {
    dialogRef.current?.close();
    setCopied(false);
    onClose();
  };
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby="copy-title"
      aria-describedby="copy-text"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="dialog__panel">
        <h2 id="copy-title" className="dialog__title">
          Publish this post on your blog
        </h2>
        <p id="copy-text" className="dialog__text">
          Your blog is not connected, so the post is not sent for you. Copy it and paste it into your blog&apos;s
          editor.
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button
            icon={<Copy size={16} aria-hidden />}
            onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy to clipboard'}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
