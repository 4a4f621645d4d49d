import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/**
 * The foot of a download dialog's options form (report, sitemap): the server's refusal, Cancel,
 * and the submit button, which says what it is doing while the file is built.
 */
export function DownloadFormFooter({
  error,
  pending,
  onCancel,
  label,
  pendingLabel,
}: {
  error: unknown;
  pending: boolean;
  onCancel: () => void;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {error ? (
        <p className="field__error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? pendingLabel : label}
        </Button>
      </div>
    </>
  );
}
