import { PostPage } from '@/features/posts/components/post-page';

export default function EditBlogPostRoute() {
  return <PostPage title="Edit blog post" kind="blog" />;
}
