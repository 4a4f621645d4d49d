import { ArrowLeft, Save } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { updateMediaSchema, type MediaFile } from '@shared/schemas/media';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { useMay } from '@/api/companies/permissions';
import { notify } from '@/lib/toast';
import { permissionRefusal } from '@shared/permissions';
import { useMediaBatch, useUpdateMedia } from '@/api/media/media-library';
import { useDeleteWithConfirm } from '../components/use-delete-with-confirm';
import '../media.css';

/**
 * /media/{id}: filename and description, loaded through the batch call; unknown ids go back to
 * /media. A role that may not change content reads them.
 */
export default function MediaEditRoute() {
  const { id } = useParams();
  const mediaId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : undefined;
  const batch = useMediaBatch(mediaId ? [mediaId] : []);
  if (!mediaId) return <Navigate to="/media" replace />;
  if (batch.isPending) {
    return (
      <div className="page">
        <Spinner label="Loading media" />
      </div>
    );
  }
  if (batch.isError) {
    return (
      <div className="page">
        <Alert type="error">{errorMessage(batch.error)}</Alert>
      </div>
    );
  }
  const file = batch.data[0];
  if (!file) return <Navigate to="/media" replace />;
  return <EditForm key={file.id} file={file} />;
}

function EditForm({ file }: { file: MediaFile }) {
  const form = useSubmitOnlyForm(updateMediaSchema, { filename: file.filename, description: file.description });
  const update = useUpdateMedia();
  const onDelete = useDeleteWithConfirm();
  const navigate = useNavigate();
  const mayEdit = useMay('content');
  useEffect(() => {
    document.title = `${file.filename} · Media library`;
  }, [file.filename]);
  const { filename, description } = form.values;
  const changed = filename !== file.filename || description !== file.description;
  // A refusal that names no field (not found, the network) shows above the buttons.
  const problem = update.isError && !(isApiError(update.error) && Object.keys(update.error.fieldErrors).length);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ id: file.id, ...body });
      notify.success('Changes saved');
    } catch (error) {
      applyServerErrors(error, form.setErrors, ['filename', 'description']);
    }
  });

  return (
    <div className="page">
      <PageHeader
        title={file.filename}
        description={file.type === 'video' ? 'Video' : 'Image'}
        actions={
          <ButtonLink to="/media" variant="ghost" icon={<ArrowLeft size={16} aria-hidden />}>
            Media library
          </ButtonLink>
        }
      />
      <Card>
        <div className="media-edit">
          <div className="media-edit__preview">
            {file.type === 'video' ? (
              <video src={file.url} poster={file.thumbnails.full} controls preload="metadata">
                <track kind="captions" />
              </video>
            ) : (
              <img src={file.thumbnails.full} alt={file.description || file.filename} />
            )}
          </div>
          <form className="media-edit__form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <TextField
              label="File name"
              maxLength={255}
              disabled={!mayEdit}
              error={form.errors.filename}
              {...form.register('filename')}
            />
            <TextAreaField
              label="Description"
              rows={5}
              maxLength={2000}
              disabled={!mayEdit}
              hint="Helps you find the file with search."
              error={form.errors.description}
              {...form.register('description')}
            />
            {problem ? <Alert type="error">{errorMessage(update.error)}</Alert> : null}
            {mayEdit ? null : <Alert type="info">{permissionRefusal('content')}</Alert>}
            {mayEdit ? (
              <div className="media-edit__actions">
                <Button variant="danger-ghost" onClick={() => void onDelete(file, () => void navigate('/media'))}>
                  Delete
                </Button>
                <Button
                  type="submit"
                  pending={update.isPending}
                  disabled={!changed}
                  icon={<Save size={16} aria-hidden />}
                >
                  Save changes
                </Button>
              </div>
            ) : null}
          </form>
        </div>
      </Card>
    </div>
  );
}
