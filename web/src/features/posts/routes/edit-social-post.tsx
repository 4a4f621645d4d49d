import { PostPage } from '@/features/posts/components/post-page';

export default function EditSocialPostRoute() {
  return <PostPage title="Edit social media post" kind="social" />;
}
