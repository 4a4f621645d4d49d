import { MEDIA_ACCEPT } from '@shared/schemas/media';
import { UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';

/** Drop files here or choose them: JPG, PNG, WebP, MP4, AVI, MOV or WMV up to 20 MB each. */
export function UploadDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      className={['dropzone', over ? 'dropzone--over' : ''].join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="dropzone"
    >
      <UploadCloud size={28} aria-hidden />
      <p className="dropzone__title">Drag and drop images or videos here</p>
      <p>JPG, PNG, WebP, MP4, AVI, MOV or WMV, up to 20 MB each</p>
      <Button variant="secondary" onClick={() => input.current?.click()}>
        Choose files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={MEDIA_ACCEPT}
        hidden
        aria-label="Choose files to upload"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
