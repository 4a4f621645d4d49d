import { EditPostPage } from '../components/post-page';
import type { MediaPickerSlot } from '../components/post-editor';

export default function EditBlogPostRoute({ mediaPicker }: { mediaPicker: MediaPickerSlot }) {
  return <EditPostPage kind="blog" mediaPicker={mediaPicker} />;
}
