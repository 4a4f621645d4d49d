import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { UploadItem, UploadStatus } from '@/api/media/upload-queue';

const STATUS_TEXT: Record<UploadStatus, string> = {
  queued: 'Waiting',
  requesting: 'Preparing',
  uploading: 'Uploading',
  confirming: 'Checking the file',
  complete: 'Uploaded',
  error: 'Failed',
};

/** One row per file: name, where it is (with the percentage while uploading), a bar, and Remove. */
export function UploadList({
  items,
  onRemove,
  onClear,
}: {
  items: UploadItem[];
  onRemove: (key: number) => void;
  onClear: () => void;
}) {
  if (!items.length) return null;
  const finished = items.some((item) => item.status === 'complete' || item.status === 'error');
  return (
    <section aria-label="Uploads">
      <ul className="uploads">
        {items.map((item) => (
          <li key={item.key} className={['upload-row', item.status === 'error' ? 'upload-row--error' : ''].join(' ')}>
            <span className="upload-row__name">{item.file.name}</span>
            <span className="upload-row__status" role={item.status === 'error' ? 'alert' : undefined}>
              {item.status === 'error'
                ? item.error
                : item.status === 'uploading'
                  ? `${STATUS_TEXT.uploading} ${item.progress}%`
                  : STATUS_TEXT[item.status]}
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${item.file.name}`}
              onClick={() => onRemove(item.key)}
              icon={<X size={14} aria-hidden />}
            />
            {item.status !== 'error' ? (
              <div
                className="upload-row__bar"
                role="progressbar"
                aria-label={`${item.file.name} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.progress}
              >
                <span style={{ width: `${item.progress}%` }} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {finished ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear finished
        </Button>
      ) : null}
    </section>
  );
}
