import { Images } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/load-chunk';
import './media-picker.css';

/*
 * A post editor shows this on its first paint, usually with nothing picked: the thumbnails and the
 * library dialog (media schemas, the grid, their CSS) are separate chunks, fetched when there is
 * something to show, so a new post's first load does not pay for them.
 */
const PickedMedia = lazy(() => loadChunk(() => import('./picked-media')).then((m) => ({ default: m.PickedMedia })));
const MediaPickerDialog = lazy(() =>
  loadChunk(() => import('./media-picker-dialog')).then((m) => ({ default: m.MediaPickerDialog })),
);

export interface MediaPickerProps {
  /** Several files (a carousel) or one (a blog's cover): single-select allows only one file (spec 01 §5). */
  multiple: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  label?: string;
  /**
   * Opens the library at once: the editor shows its own button until media is wanted (this
   * picker is a chunk of its own) and mounts the picker when that button is clicked.
   */
  openOnMount?: boolean;
  /** Only the picked files' thumbnails: a post shown to a role that may not change it, or published. */
  readOnly?: boolean;
}

/**
 * Reuse files from the library: the picked files as thumbnails with remove buttons, and a
 * button opening the library (with search) to pick from.
 */
export function MediaPicker({
  multiple,
  selected,
  onChange,
  label = 'Add media',
  openOnMount = false,
  readOnly = false,
}: MediaPickerProps) {
  const [open, setOpen] = useState(openOnMount);
  // The dialog stays mounted once opened, so closing it returns focus to the button as before.
  const [opened, setOpened] = useState(openOnMount);
  const button = useRef<HTMLButtonElement>(null);
  // Opened on mount, the button that asked for it is gone: focus this one first, so the dialog
  // hands focus back to it when it closes.
  useLayoutEffect(() => {
    if (openOnMount) button.current?.focus();
  }, [openOnMount]);
  return (
    <div className="media-picker">
      {selected.length ? (
        <Suspense fallback={<Spinner label="Loading media" />}>
          <PickedMedia selected={selected} onChange={readOnly ? undefined : onChange} />
        </Suspense>
      ) : null}
      {readOnly ? null : (
        <Button
          ref={button}
          variant="secondary"
          icon={<Images size={16} aria-hidden />}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          {label}
        </Button>
      )}
      {opened && !readOnly ? (
        <Suspense fallback={null}>
          <MediaPickerDialog
            open={open}
            multiple={multiple}
            initial={selected}
            onDone={(ids) => {
              onChange(ids);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
