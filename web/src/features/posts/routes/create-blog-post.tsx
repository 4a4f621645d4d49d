import { PostPage } from '@/features/posts/components/post-page';

export default function CreateBlogPostRoute() {
  return <PostPage title="Create blog post" kind="blog" />;
}
