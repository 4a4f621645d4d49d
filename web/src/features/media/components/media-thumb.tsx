import type { MediaFile } from '@shared/schemas/media';
import { Film } from 'lucide-react';

/** A file's 256 px thumbnail (a video's poster or tile) with a video badge; alt text from its name. */
export function MediaThumb({ file, className }: { file: MediaFile; className?: string }) {
  return (
    <span className={['media-thumb', className ?? ''].join(' ')}>
      <img src={file.thumbnails['256']} alt={file.description || file.filename} loading="lazy" decoding="async" />
      {file.type === 'video' ? (
        <span className="media-thumb__badge" aria-hidden>
          <Film size={12} /> Video
        </span>
      ) : null}
    </span>
  );
}
