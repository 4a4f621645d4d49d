import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Image } from 'lucide-react';
import { Navigate, useParams } from 'react-router-dom';
import { LoadingScreen } from '@/components/screens/loading-screen';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { api, isApiError } from '@/lib/api-client';

interface MediaFile {
  id: string;
  filename?: string;
  description?: string;
}

/** GET /api/media/{id}; a file that is not found sends the user back to the library. */
const getMediaFile = (id: string) => api.get<MediaFile>(`/api/media/${encodeURIComponent(id)}`);

export default function MediaEditRoute() {
  const { id = '' } = useParams();
  const file = useQuery({ queryKey: ['media', id], queryFn: () => getMediaFile(id) });
  if (file.isPending) return <LoadingScreen inline />;
  if (isApiError(file.error, 404)) return <Navigate to="/media" replace />;
  if (file.isError) throw file.error;
  return (
    <div className="page">
      <PageHeader
        title={file.data.filename || 'Media file'}
        actions={
          <ButtonLink to="/media" variant="ghost" icon={<ArrowLeft size={16} aria-hidden />}>
            Media library
          </ButtonLink>
        }
      />
      <Card>
        <EmptyState icon={Image} title="Editing media arrives in a coming release">
          Renaming files and editing descriptions will be available here.
        </EmptyState>
      </Card>
    </div>
  );
}
