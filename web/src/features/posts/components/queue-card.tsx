import type { Post } from '@shared/schemas/calendar';
import { AddToQueueButton, queueable } from '@/components/add-to-queue-button';
import { Card } from '@/components/ui/card';
import { useMay } from '@/api/companies/permissions';
import { usePostWithSiblings } from '@/api/posts/post-calls';

/** The editor's Add to queue: the post with its siblings, each in its platform's next free slot. */
export function QueueCard({ post }: { post: Post }) {
  const mayEdit = useMay('content');
  const group = usePostWithSiblings(post.id);
  const posts = group.data ? [group.data.post, ...group.data.siblings] : [post];
  if (!mayEdit || !posts.some(queueable)) return null;
  return (
    <Card
      title="Queue"
      description="Put this post, and the same post on its other platforms, in each platform's next free time slot. Save your changes first."
    >
      <AddToQueueButton posts={posts} />
    </Card>
  );
}
