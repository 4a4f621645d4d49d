import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Spec 01 §4: a blog post for anything other than a connected WordPress is published by hand;
 * Publish Now offers its title and text on the clipboard instead. Mounted while it shows.
 */
export function CopyPrompt({ text, onClose }: { text: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      title="Publish this post on your blog"
      description="Your blog is not connected, so the post is not sent for you. Copy it and paste it into your blog's editor."
      onClose={onClose}
      closeOnBackdrop={false}
    >
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          icon={<Copy size={16} aria-hidden />}
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy to clipboard'}
        </Button>
      </div>
    </Dialog>
  );
}
