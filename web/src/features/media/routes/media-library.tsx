import { MEDIA_SEARCH_DEBOUNCE_MS } from '@shared/schemas/media';
import { Images, Link2, Search, Wand2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { loadChunk } from '@/lib/load-chunk';
import { useMay } from '@/api/companies/permissions';
import { useInvalidateMedia, useMediaList } from '@/api/media/media-library';
import { useUploadQueue } from '@/api/media/upload-queue';
import { MediaGrid } from '../components/media-grid';
import { UploadDropzone } from '../components/upload-dropzone';
import { useDeleteWithConfirm } from '../components/use-delete-with-confirm';
import { useDebounced } from '@/lib/use-debounced';
import '../media.css';

/** The upload list shows once something is dropped: fetched then, not with the page. */
const UploadList = lazy(() =>
  loadChunk(() => import('../components/upload-list')).then((m) => ({ default: m.UploadList })),
);

/** The generate form (its fields and the dialog) is fetched the first time it is opened, not with the page. */
const GenerateDialog = lazy(() =>
  loadChunk(() => import('../components/generate-dialog')).then((m) => ({ default: m.GenerateDialog })),
);

/** Import from URL: fetched the first time it is opened, as the generate form is. */
const ImportUrlDialog = lazy(() =>
  loadChunk(() => import('../components/import-url-dialog')).then((m) => ({ default: m.ImportUrlDialog })),
);

/**
 * /media: upload (drag and drop), import from an address, AI image generation, search, and the library's files; a role
 * that may not change content searches and opens the files only.
 */
export default function MediaLibraryRoute() {
  const [text, setText] = useState('');
  const query = useDebounced(text, MEDIA_SEARCH_DEBOUNCE_MS);
  const list = useMediaList(query);
  const invalidate = useInvalidateMedia();
  const uploads = useUploadQueue(() => void invalidate());
  const [generating, setGenerating] = useState(false);
  // Mounted from the first opening on, so closing it returns focus to its button as before.
  const [generateOpened, setGenerateOpened] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importOpened, setImportOpened] = useState(false);
  const onDelete = useDeleteWithConfirm();
  const mayEdit = useMay('content');

  const files = list.data ?? [];
  return (
    <div className="page">
      <PageHeader
        title="Media library"
        description="Images and videos for your posts."
        actions={
          mayEdit ? (
            <>
              <Button
                variant="secondary"
                icon={<Link2 size={16} aria-hidden />}
                onClick={() => {
                  setImportOpened(true);
                  setImporting(true);
                }}
              >
                Import from URL
              </Button>
              <Button
                variant="secondary"
                icon={<Wand2 size={16} aria-hidden />}
                onClick={() => {
                  setGenerateOpened(true);
                  setGenerating(true);
                }}
              >
                Generate image
              </Button>
            </>
          ) : undefined
        }
      />
      <Card>
        {mayEdit ? <UploadDropzone onFiles={uploads.add} /> : null}
        {uploads.items.length ? (
          <Suspense fallback={null}>
            <UploadList items={uploads.items} onRemove={uploads.remove} onClear={uploads.clearFinished} />
          </Suspense>
        ) : null}
        <div className="media-toolbar">
          <div className="search-box">
            <Search size={16} aria-hidden />
            <input
              className="search-box__input"
              type="search"
              placeholder="Search by name or description"
              aria-label="Search media"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {list.isFetching && !list.isPending ? <Spinner size={16} label="Searching" /> : null}
          {list.data ? (
            <span className="media-toolbar__count">
              {files.length} {files.length === 1 ? 'file' : 'files'}
            </span>
          ) : null}
        </div>
        {list.isPending ? (
          <div className="media-picker__state">
            <Spinner label="Loading media" />
          </div>
        ) : list.isError ? (
          <Alert type="error">{errorMessage(list.error)}</Alert>
        ) : files.length ? (
          <MediaGrid files={files} onDelete={mayEdit ? (file) => void onDelete(file) : undefined} />
        ) : query ? (
          <EmptyState icon={Search} title="No files match your search">
            Try another word from a file name or description.
          </EmptyState>
        ) : (
          <EmptyState icon={Images} title="Your media library is empty">
            {mayEdit
              ? 'Upload images and videos above, import one from its address, or generate an image with AI.'
              : 'Images and videos your team adds appear here.'}
          </EmptyState>
        )}
      </Card>
      {importOpened ? (
        <Suspense fallback={null}>
          <ImportUrlDialog open={importing} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      {generateOpened ? (
        <Suspense fallback={null}>
          <GenerateDialog open={generating} onClose={() => setGenerating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
