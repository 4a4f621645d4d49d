import { ImagePlus, Images, Search, Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function MediaLibraryRoute() {
  return (
    <div className="page">
      <PageHeader
        title="Media library"
        description="Images and videos for your posts."
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Wand2 size={16} aria-hidden />}
              disabled
              title="Arrives in a coming release"
            >
              Generate image
            </Button>
            <Button icon={<ImagePlus size={16} aria-hidden />} disabled title="Arrives in a coming release">
              Upload
            </Button>
          </>
        }
      />
      <Card>
        <div className="search-box search-box--disabled">
          <Search size={16} aria-hidden />
          <input className="search-box__input" placeholder="Search media" disabled aria-label="Search media" />
        </div>
        <EmptyState icon={Images} title="Your media library is empty">
          Uploading images and videos (JPG, PNG, WebP, MP4, AVI, MOV, WMV up to 20 MB) and AI image generation arrive in
          a coming release.
        </EmptyState>
      </Card>
    </div>
  );
}
