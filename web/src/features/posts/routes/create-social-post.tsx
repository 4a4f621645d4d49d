import { CreatePostPage } from '../components/post-page';
import type { MediaPickerSlot } from '../components/post-editor';

export default function CreateSocialPostRoute({ mediaPicker }: { mediaPicker: MediaPickerSlot }) {
  return <CreatePostPage kind="social" mediaPicker={mediaPicker} />;
}
