import type { MediaFile } from '@shared/schemas/media';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDeleteMedia } from '@/api/media/media-library';

/**
 * Deleting a file from the library once the person confirms it: a toast then says it is gone
 * (and `onDeleted` runs) or why it is not.
 */
export function useDeleteWithConfirm() {
  const remove = useDeleteMedia();
  const confirm = useConfirm();
  return async (file: MediaFile, onDeleted?: () => void) => {
    const ok = await confirm({
      title: `Delete ${file.filename}?`,
      description: 'The file and its thumbnails are removed from your library. This cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(file, {
      onSuccess: () => {
        notify.success(`${file.filename} deleted`);
        onDeleted?.();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
}
