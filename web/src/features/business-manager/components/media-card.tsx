import { businessMessages, type ListingMedia } from '@shared/schemas/business-listing';
import { Trash2, Video } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import { notify } from '@/lib/toast';
import { useListingMedia, useMediaActions } from '@/api/business/business-listing';
import type { MediaPickerSlot } from '../routes/business-manager';

function Tile({ item, onDelete, busy }: { item: ListingMedia; onDelete?: () => void; busy?: boolean }) {
  const label = item.description || (item.type === 'VIDEO' ? 'Video' : 'Photo');
  return (
    <li className="bm-media__tile">
      <img src={item.thumbnailUrl} alt={label} decoding="async" />
      {item.type === 'VIDEO' ? (
        <span className="bm-media__kind">
          <Video size={14} aria-hidden /> Video
        </span>
      ) : null}
      {onDelete ? (
        <button
          type="button"
          className="bm-media__delete"
          aria-label={`Delete ${label}`}
          disabled={busy}
          onClick={onDelete}
        >
          <Trash2 size={16} aria-hidden />
        </button>
      ) : null}
    </li>
  );
}

/**
 * Photos & Media: the owner's photos and videos (added from the media library, deletable, for a
 * role that may manage the listing) and the customers'.
 */
export function MediaCard({
  locationId,
  mediaPicker: MediaPicker,
}: {
  locationId: string;
  mediaPicker: MediaPickerSlot;
}) {
  const media = useListingMedia(locationId);
  const { add, remove } = useMediaActions(locationId);
  const confirm = useConfirm();
  const mayEdit = useMay('apps');
  const busy = add.isPending || remove.isPending;
  const onDelete = async (item: ListingMedia) => {
    const ok = await confirm({
      title: businessMessages.confirmDeleteMedia,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(item.id, {
      onSuccess: () => notify.success('Media deleted'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <Card
      title="Photos & Media"
      description={
        mayEdit
          ? 'Photos and videos on your listing. Add them from your media library.'
          : 'Photos and videos on your listing.'
      }
      actions={
        mayEdit ? (
          <MediaPicker
            multiple
            selected={[]}
            label="Add from media library"
            onChange={(ids) => {
              if (ids.length) add.mutate(ids, { onSuccess: () => notify.success('Media added') });
            }}
          />
        ) : undefined
      }
    >
      {media.error ? <Alert type="error">{errorMessage(media.error)}</Alert> : null}
      {add.error ? <Alert type="error">{errorMessage(add.error)}</Alert> : null}
      {!media.data ? (
        media.isPending ? (
          <Spinner label="Loading photos and videos" />
        ) : null
      ) : (
        <div className="stack">
          <section aria-label="Your photos and videos">
            <h3 className="bm-subtitle">Yours</h3>
            {media.data.media.length ? (
              <ul className="bm-media">
                {media.data.media.map((m) => (
                  <Tile key={m.id} item={m} busy={busy} onDelete={mayEdit ? () => void onDelete(m) : undefined} />
                ))}
              </ul>
            ) : (
              <p className="muted">No photos or videos yet.</p>
            )}
          </section>
          <section aria-label="Customers' photos and videos">
            <h3 className="bm-subtitle">From customers</h3>
            {media.data.customersMedia.length ? (
              <ul className="bm-media">
                {media.data.customersMedia.map((m) => (
                  <Tile key={m.id} item={m} />
                ))}
              </ul>
            ) : (
              <p className="muted">No customer photos yet.</p>
            )}
          </section>
        </div>
      )}
      {add.isPending ? <Spinner label="Adding media" /> : null}
    </Card>
  );
}
