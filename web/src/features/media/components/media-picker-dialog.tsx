import { MEDIA_SEARCH_DEBOUNCE_MS } from '@shared/schemas/media';
import { Check, Images, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useMediaList } from '@/api/media/media-library';
import { useDebounced } from '@/lib/use-debounced';
import { MediaThumb } from './media-thumb';
import '../media.css';
import './media-picker-dialog.css';

/** The picker's dialog: the library (with search) to pick from. Its own chunk, fetched when first opened. */
export function MediaPickerDialog({
  open,
  multiple,
  initial,
  onDone,
  onClose,
}: {
  open: boolean;
  multiple: boolean;
  initial: number[];
  onDone: (ids: number[]) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={multiple ? 'Choose media' : 'Choose a file'}
      onClose={onClose}
      className="media-dialog--wide"
    >
      <PickerBody multiple={multiple} initial={initial} onDone={onDone} onCancel={onClose} />
    </Dialog>
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
