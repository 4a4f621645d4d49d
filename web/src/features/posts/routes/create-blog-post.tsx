import { CreatePostPage } from '../components/post-page';
import type { MediaPickerSlot } from '../components/post-editor';

export default function CreateBlogPostRoute({ mediaPicker }: { mediaPicker: MediaPickerSlot }) {
  return <CreatePostPage kind="blog" mediaPicker={mediaPicker} />;
}
