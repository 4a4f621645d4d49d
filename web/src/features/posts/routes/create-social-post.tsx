import { PostPage } from '@/features/posts/components/post-page';

export default function CreateSocialPostRoute() {
  return <PostPage title="Create social media post" kind="social" />;
}
