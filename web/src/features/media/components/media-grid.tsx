import type { MediaFile } from '@shared/schemas/media';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MediaThumb } from './media-thumb';

/** The library as cards: thumbnail, name (opens the edit page), "In use" when a post uses it, Delete (given `onDelete`). */
export function MediaGrid({ files, onDelete }: { files: MediaFile[]; onDelete?: (file: MediaFile) => void }) {
  return (
    <ul className="media-grid" aria-label="Media files">
      {files.map((file) => (
        <li key={file.id} className="media-card">
          <Link to={`/media/${file.id}`} tabIndex={-1} aria-hidden>
            <MediaThumb file={file} />
          </Link>
          <div className="media-card__body">
            <Link className="media-card__name" to={`/media/${file.id}`} title={file.filename}>
              {file.filename}
            </Link>
            {onDelete ? (
              <Button
                variant="danger-ghost"
                size="sm"
                aria-label={`Delete ${file.filename}`}
                title={file.isUsed ? 'Used by a post' : 'Delete'}
                onClick={() => onDelete(file)}
                icon={<Trash2 size={15} aria-hidden />}
              />
            ) : null}
          </div>
          {file.isUsed || file.description ? (
            <div className="media-card__meta">
              {file.isUsed ? <Badge>In use</Badge> : null} {file.description}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
