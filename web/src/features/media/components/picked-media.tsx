import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useMediaBatch } from '@/api/media/media-library';
import { MediaThumb } from './media-thumb';
import '../media.css';
import './media-picker-dialog.css';

/**
 * The picked files as thumbnails with remove buttons (none without `onChange`: read only): its own
 * chunk, fetched only when files are picked.
 */
export function PickedMedia({ selected, onChange }: { selected: number[]; onChange?: (ids: number[]) => void }) {
  const picked = useMediaBatch(selected);
  const byId = new Map((picked.data ?? []).map((file) => [file.id, file]));
  return (
    <ul className="media-picker__picked" aria-label="Chosen media">
      {selected.map((id) => {
        const file = byId.get(id);
        return (
          <li key={id} className="media-picker__chip">
            {file ? <MediaThumb file={file} /> : <span className="media-thumb media-thumb--empty" />}
            {onChange ? (
              <Button
                variant="secondary"
                size="sm"
                className="media-picker__remove"
                aria-label={`Remove ${file?.filename ?? 'file'}`}
                onClick={() => onChange(selected.filter((other) => other !== id))}
                icon={<X size={14} aria-hidden />}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
