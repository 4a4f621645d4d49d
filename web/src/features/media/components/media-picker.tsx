import { MEDIA_SEARCH_DEBOUNCE_MS } from '@shared/schemas/media';
import { Check, Images, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useMediaBatch, useMediaList } from '../api/media-library';
import { useDebounced } from '../use-debounced';
import { MediaDialog } from './media-dialog';
import { MediaThumb } from './media-thumb';
import '../media.css';

export interface MediaPickerProps {
  /** Several files (a carousel) or one (a blog's cover): single-select allows only one file (spec 01 §5). */
  multiple: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  label?: string;
}

/**
 * Reuse files from the library: the picked files as thumbnails with remove buttons, and a
 * button opening the library (with search) to pick from.
 */
export function MediaPicker({ multiple, selected, onChange, label = 'Add media' }: MediaPickerProps) {
  const [open, setOpen] = useState(false);
  const picked = useMediaBatch(selected);
  const byId = new Map((picked.data ?? []).map((file) => [file.id, file]));
  return (
    <div className="media-picker">
      {selected.length ? (
        <ul className="media-picker__picked" aria-label="Chosen media">
          {selected.map((id) => {
            const file = byId.get(id);
            return (
              <li key={id} className="media-picker__chip">
                {file ? <MediaThumb file={file} /> : <span className="media-thumb media-thumb--empty" />}
                <Button
                  variant="secondary"
                  size="sm"
                  className="media-picker__remove"
                  aria-label={`Remove ${file?.filename ?? 'file'}`}
                  onClick={() => onChange(selected.filter((other) => other !== id))}
                  icon={<X size={14} aria-hidden />}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button variant="secondary" icon={<Images size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <MediaDialog open={open} title={multiple ? 'Choose media' : 'Choose a file'} onClose={() => setOpen(false)} wide>
        <PickerBody
          multiple={multiple}
          initial={selected}
          onDone={(ids) => {
            onChange(ids);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </MediaDialog>
    </div>
  );
}

function PickerBody({
  multiple,
  initial,
  onDone,
  onCancel,
}: {
  multiple: boolean;
  initial: number[];
  onDone: (ids: number[]) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const query = useDebounced(text, MEDIA_SEARCH_DEBOUNCE_MS);
  const list = useMediaList(query);
  const [chosen, setChosen] = useState(initial);
  const toggle = (id: number) => {
    if (!multiple) {
      onDone([id]);
      return;
    }
    setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  };
  return (
    <>
      <div className="search-box media-picker__search">
        <Search size={16} aria-hidden />
        <input
          className="search-box__input"
          type="search"
          placeholder="Search media"
          aria-label="Search media"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {list.isPending ? (
        <div className="media-picker__state">
          <Spinner label="Loading media" />
        </div>
      ) : list.data?.length ? (
        <ul className="media-grid media-grid--picker" aria-label="Media library">
          {list.data.map((file) => {
            const isChosen = chosen.includes(file.id);
            return (
              <li key={file.id}>
                <button
                  type="button"
                  className={['media-option', isChosen ? 'media-option--chosen' : ''].join(' ')}
                  aria-pressed={multiple ? isChosen : undefined}
                  aria-label={file.filename}
                  onClick={() => toggle(file.id)}
                >
                  <MediaThumb file={file} />
                  {isChosen ? (
                    <span className="media-option__check" aria-hidden>
                      <Check size={14} />
                    </span>
                  ) : null}
                  <span className="media-option__name">{file.filename}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState icon={Images} title={query ? 'No files match your search' : 'Your media library is empty'} compact>
          {query ? 'Try another word.' : 'Upload images and videos in the Media library first.'}
        </EmptyState>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {multiple ? (
          <Button onClick={() => onDone(chosen)}>
            {chosen.length ? `Use ${chosen.length} ${chosen.length === 1 ? 'file' : 'files'}` : 'Use none'}
          </Button>
        ) : null}
      </div>
    </>
  );
}
