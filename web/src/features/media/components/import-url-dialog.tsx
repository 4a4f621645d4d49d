import { importMediaSchema } from '@shared/schemas/media';
import { Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useSubmitOnlyForm, useSubmitWithFailure } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useImportMedia } from '@/api/media/media-library';

/**
 * Import from URL (POST /api/content/import): the server fetches the address through its safe
 * fetcher and checks the file as it checks an upload, so its sentences (the spec's "File is larger
 * than 20MB", "Unsupported file type", an address that answered no file) show under the field.
 */
export function ImportUrlDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="Import from URL"
      description="The address of an image or video on the web. A copy is added to your library."
      onClose={onClose}
    >
      <ImportForm onClose={onClose} />
    </Dialog>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const form = useSubmitOnlyForm(importMediaSchema, { url: '' });
  const importMedia = useImportMedia();
  const { onSubmit, failure } = useSubmitWithFailure(form, ['url'], async ({ url }) => {
    const file = await importMedia.mutateAsync(url);
    notify.success(`${file.filename} added to your media library`);
    onClose();
  });
  return (
    <form className="dialog__body form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Address"
        type="url"
        inputMode="url"
        placeholder="https://www.example.com/photo.jpg"
        autoComplete="off"
        error={form.errors.url ?? failure}
        {...form.register('url')}
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={form.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={form.isSubmitting} icon={<Link2 size={16} aria-hidden />}>
          {form.isSubmitting ? 'Importing…' : 'Import'}
        </Button>
      </div>
    </form>
  );
}
