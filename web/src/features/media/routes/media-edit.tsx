import { ArrowLeft, Image } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /media/{id}: the media API and its contract arrive with the media feature; until then, its placeholder. */
export default function MediaEditRoute() {
  return (
    <div className="page">
      <PageHeader
        title="Media file"
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
