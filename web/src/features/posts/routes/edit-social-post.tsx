import { EditPostPage } from '../components/post-page';
import type { MediaPickerSlot } from '../components/post-editor';

export default function EditSocialPostRoute({ mediaPicker }: { mediaPicker: MediaPickerSlot }) {
  return <EditPostPage kind="social" mediaPicker={mediaPicker} />;
}
